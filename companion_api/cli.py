"""The ``passt`` command line: one module per command under ``companion_api.commands``.

Each command module defines ``HELP``, ``add_arguments(parser)`` and ``run(args) -> int``;
modules are imported only when their command runs, so ``passt simulate`` never loads torch.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

# command name -> module under companion_api.commands
COMMANDS: dict[str, str] = {
    "eval": "eval",
    "train": "train",
    "simulate": "simulate",
    "synth": "synth",
    "render-game": "render_game",
    "referee": "referee",
    "markers": "markers",
    "dataset": "dataset",
    "label": "label",
    "serve": "serve",
}


def _module(name: str):  # type: ignore[no-untyped-def]
    return importlib.import_module(f"companion_api.commands.{COMMANDS[name]}")


def build_parser(argv: Sequence[str]) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="passt", description="Passt N1cht table companion")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    wanted = next((a for a in argv if not a.startswith("-")), None)
    for name in COMMANDS:
        if name == wanted:
            mod = _module(name)
            p = sub.add_parser(name, help=mod.HELP, description=mod.HELP)
            mod.add_arguments(p)
        else:
            sub.add_parser(name, help=f"(run 'passt {name} --help')", add_help=False)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    args = build_parser(args_list).parse_args(args_list)
    try:
        return int(_module(args.command).run(args) or 0)
    except (ValueError, FileNotFoundError) as exc:
        print(f"passt {args.command}: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
