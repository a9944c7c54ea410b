"""CMB-13: the CH IMP attribute of metahability attacks."""
import pytest

from wartime.rules.combat import metahability_attack_attribute


def test_CMB_13_metahability_attack_attribute_by_type():
    """CMB-13: mutation CH CON, bunkai CH AGI, invocation CH INT, binding CH VOL."""
    assert metahability_attack_attribute("Mutación") == "CON"
    assert metahability_attack_attribute("Bunkai") == "AGI"
    assert metahability_attack_attribute("Invocación") == "INT"
    assert metahability_attack_attribute("Atadura") == "VOL"
    with pytest.raises(ValueError):
        metahability_attack_attribute("Magia: dormir")
