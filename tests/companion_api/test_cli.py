"""The passt command line."""

from pathlib import Path

import pytest

from companion_api.cli import main


def test_simulate_prints_statistics(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "5", "--players", "3", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    for word in (
        "turns per round",
        "round score",
        "rounds per game",
        "wins per policy",
        "rounds/s",
    ):
        assert word in out


def test_simulate_variants_and_cheater(capsys: pytest.CaptureFixture[str]) -> None:
    args = [
        "simulate",
        "--games",
        "3",
        "--wish",
        "W2",
        "--draw",
        "D2",
        "--single-round",
        "--policies",
        "cheater,greedy",
    ]
    assert main(args) == 0
    assert "W2/D2/S1" in capsys.readouterr().out


def test_bad_input_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "9"]) == 2
    assert "2-6 players" in capsys.readouterr().err
    assert main(["simulate", "--policies", "lucky"]) == 2
    assert "unknown policy" in capsys.readouterr().err


@pytest.mark.skipif(__import__("torch").cuda.is_available(), reason="a GPU is there")
def test_teaching_on_a_gpu_where_there_is_none_is_a_clear_error_before_anything_is_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "taught"
    assert main(["train", "--data", str(tmp_path), "--device", "cuda", "--out", str(out)]) == 2
    assert "sees no GPU" in capsys.readouterr().err
    assert not out.exists()
