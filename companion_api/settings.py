"""All settings of the companion server in one place (``passt serve`` fills them in)."""

from __future__ import annotations

import ipaddress
import secrets
from pathlib import Path

from pydantic import BaseModel

ROOT = Path(__file__).resolve().parent.parent
DEMO_VIDEO = ROOT / "datasets" / "demo" / "demo_game.mp4"
DEMO_TRUTH = ROOT / "datasets" / "demo" / "demo_truth.json"


class Settings(BaseModel):
    host: str = "127.0.0.1"
    port: int = 8000
    token: str | None = None  # required on every API call when set
    db: Path = ROOT / "data" / "companion.sqlite"
    source: str | None = None  # 0 | FILE | URL | FOLDER; None: no camera
    loop_source: bool = False  # restart a file source at its end (the demo)
    players: int = 4
    names: list[str] | None = None
    model: str | None = None  # card finder weights (default: models/)
    faces: str | None = None  # face classifier weights (default: models/)
    corners: str | None = None  # corner refiner weights (default: models/; "none": no refiner)
    detector: str = "auto"  # model | truth:PATH | none | auto
    max_upload_bytes: int = 8 * 1024 * 1024
    jpeg_quality: int = 75
    stream_width: int = 960  # the MJPEG stream is scaled down to this width

    @property
    def loopback(self) -> bool:
        if self.host == "localhost":
            return True
        try:
            return ipaddress.ip_address(self.host).is_loopback
        except ValueError:
            return False

    def with_token(self) -> Settings:
        """Off the loopback interface a token is required: make one if none was given."""
        if self.token or self.loopback:
            return self
        return self.model_copy(update={"token": secrets.token_urlsafe(16)})
