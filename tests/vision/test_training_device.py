"""Where the small networks train: the CPU, a GPU, or whichever there is."""

import numpy as np
import pytest
import torch

from vision.training.fit import training_device
from vision.training.train_corners import CornerTraining, pixel_error, train_corners
from vision.training.train_faces import FaceTraining, accuracy, train_faces

NO_GPU = not torch.cuda.is_available()


def test_auto_takes_a_gpu_only_where_pytorch_sees_one() -> None:
    expected = "cpu" if NO_GPU else "cuda"
    assert training_device("auto").type == expected
    assert training_device("cpu").type == "cpu"


@pytest.mark.skipif(not NO_GPU, reason="a GPU is there")
def test_asking_for_a_gpu_where_there_is_none_says_so() -> None:
    with pytest.raises(ValueError, match="sees no GPU"):
        training_device("cuda")
    with pytest.raises(ValueError, match="sees no GPU"):
        train_faces(np.zeros((4, 72, 48, 3), np.uint8), np.zeros(4, int), 2,
                    FaceTraining(epochs=1, batch=2, device="cuda"), report=lambda s: None)


@pytest.mark.parametrize("device", ["cpu", "auto"])
def test_a_trained_network_comes_back_on_the_cpu_and_reads_there(device: str) -> None:
    rng = np.random.default_rng(0)
    x = rng.integers(0, 256, (8, 72, 48, 3), dtype=np.uint8)
    y = np.arange(8) % 2
    faces = train_faces(x, y, 2, FaceTraining(epochs=1, batch=4, device=device),
                        val=(x, y), report=lambda s: None)
    assert next(faces.parameters()).device.type == "cpu"
    assert 0.0 <= accuracy(faces, x, y) <= 1.0
    corners = rng.uniform(0.1, 0.9, (8, 4, 2)).astype(np.float32)
    refiner = train_corners(rng.integers(0, 256, (8, 72, 48, 3), dtype=np.uint8), corners,
                            CornerTraining(epochs=1, batch=4, device=device),
                            report=lambda s: None)
    assert next(refiner.parameters()).device.type == "cpu"
    assert np.isfinite(pixel_error(refiner, *_refiner_input(corners)))


def _refiner_input(corners: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    from vision.corners import CROP_SIZE

    w, h = CROP_SIZE
    return np.zeros((len(corners), h, w, 3), np.uint8), corners
