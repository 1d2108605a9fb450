"""`passt train --out`: a .pt names the face classifier, anything else is a folder for it."""

from pathlib import Path

from companion_api.commands.train import faces_path


def test_out_names_a_file_or_a_folder() -> None:
    assert faces_path("runs/teach/card_faces.pt") == Path("runs/teach/card_faces.pt")
    assert faces_path("runs/my_deck") == Path("runs/my_deck/card_faces.pt")
    assert faces_path(Path("runs/my_deck/")) == Path("runs/my_deck/card_faces.pt")
