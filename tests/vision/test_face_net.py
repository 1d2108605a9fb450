"""The face classifier's network: widening keeps its reading, width survives a save."""

from pathlib import Path

import torch

from vision.training.face_net import FaceNet, load_face_net, save_face_net, widen


def _trained_looking(classes: int = 5) -> FaceNet:
    torch.manual_seed(1)
    net = FaceNet(classes)
    for m in net.modules():  # BatchNorm statistics that are not the identity
        if isinstance(m, torch.nn.BatchNorm2d):
            m.running_mean.uniform_(-0.5, 0.5)
            m.running_var.uniform_(0.5, 2.0)
            m.weight.data.uniform_(0.5, 1.5)
            m.bias.data.uniform_(-0.2, 0.2)
    return net.eval()


def test_a_widened_net_reads_exactly_as_before_and_has_more_to_learn() -> None:
    narrow = _trained_looking()
    wide = widen(narrow, 1.5).eval()
    x = torch.randn(6, 3, 48, 32)
    assert torch.allclose(narrow(x), wide(x), atol=1e-4)
    count = lambda m: sum(p.numel() for p in m.parameters())  # noqa: E731
    assert count(wide) > 2 * count(narrow)
    # the new channels are not dead: one training step moves the output
    wide.train()
    opt = torch.optim.SGD(wide.parameters(), lr=0.1)
    for _ in range(2):
        loss = wide(x).logsumexp(1).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    new_in = wide.features[2][0].weight[:, narrow.features[2][0].weight.shape[1]:]
    assert new_in.abs().sum() > 0


def test_width_and_input_size_survive_a_save(tmp_path: Path) -> None:
    net = FaceNet(4, (40, 60), width=1.25)
    save_face_net(net, ("a", "b", "c", "other"), tmp_path / "f.pt", {})
    again, names, _ = load_face_net(tmp_path / "f.pt")
    assert again.width == 1.25 and again.input_size == (40, 60) and len(names) == 4
    assert again.head[-1].in_features == round(128 * 1.25)
