"""Data layer: typed models (:mod:`.models`), rule tables (:mod:`.tables`), TOML loaders (:mod:`.loader`) and
whole-file validation (:mod:`.validate`). File formats: ``docs/data-formats.md``. Costs live in
:mod:`wartime.data.costs`."""
