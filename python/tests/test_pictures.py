"""Thermographs and Grundy sequences as SVG pictures (what Jupyter shows)."""

import xml.etree.ElementTree as ET

import onag
from conftest import cli


def test_a_thermograph_is_drawn_as_the_command_draws_it(tmp_path):
    thermograph = onag.Game("{3||2*|1*}").thermograph()
    svg = thermograph._repr_svg_()
    ET.fromstring(svg)  # well-formed
    for needle in ["Thermograph of {3||2*|1*}", "t = 3/4", "left wall", "right wall", "mast at mean 9/4"]:
        assert needle in svg
    path = tmp_path / "th.svg"
    cli("thermograph", "{3||2*|1*}", "--svg", str(path))
    assert path.read_text() == svg


def test_a_grundy_sequence_is_drawn_as_the_command_plots_it(tmp_path):
    seq = onag.octal("0.137", 500)
    svg = seq._repr_svg_()
    ET.fromstring(svg)
    assert "Grundy values of 0.137" in svg
    path = tmp_path / "plot.svg"
    cli("octal", "0.137", "--upto", "500", "--plot", str(path))
    assert path.read_text() == svg
