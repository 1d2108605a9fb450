"""Fixtures: the companion app on a temp database with a scripted detector (no model)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from companion_api.deps import get_detector
from companion_api.main import create_app
from companion_api.settings import Settings
from tests.companion_api.fakes import ScriptedDetector, game_script


@pytest.fixture
def detector() -> ScriptedDetector:
    return ScriptedDetector(game_script())


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(db=tmp_path / "games.sqlite", players=3, source=None)


@pytest.fixture
def client(settings: Settings, detector: ScriptedDetector) -> Iterator[TestClient]:
    app = create_app(settings)
    app.dependency_overrides[get_detector] = lambda: detector
    with TestClient(app) as c:
        yield c


@pytest.fixture
def game(client: TestClient) -> int:
    r = client.post("/api/games", json={"names": ["Anna", "Ben", "Cem"]})
    assert r.status_code == 201, r.text
    return int(r.json()["id"])
