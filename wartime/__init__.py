"""wartime: a deterministic simulator of Wartime The Game."""
__version__ = "0.1.0"
