"""The comparison figures (fast: no games played)."""
def test_the_armour_figure_of_a_scenario_without_reference_attacks_draws_no_empty_legend(tmp_path):
    """An alarm scenario has no reference attack: the armour figure is drawn without a legend and without
    matplotlib's 'No artists with labels found to put in legend' warning."""
    import warnings
    from wartime.balance import compare_plots
    sc = {"armour": {"references": [], "defs": [0, 1, 2]}}
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        compare_plots.armour(sc, ["wartime"])(tmp_path / "armour.png")
    assert (tmp_path / "armour.png").exists()
