"""``passt markers``: a printable sheet of ArUco seat (and table-corner) markers."""

from __future__ import annotations

import argparse

HELP = "write a printable sheet of ArUco markers: one per seat, optionally the table corners"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", required=True, help="image file to write (e.g. sheet.png)")
    parser.add_argument("--seats", type=int, default=4, help="number of seats (1-6)")
    parser.add_argument("--corners", action="store_true",
                        help="also the four table-corner markers (gives a top-down view)")
    parser.add_argument("--size", type=int, default=300, help="marker size in pixels")


def run(args: argparse.Namespace) -> int:
    import cv2

    from vision.markers import marker_sheet

    sheet = marker_sheet(args.seats, args.corners, args.size)
    if not cv2.imwrite(args.out, sheet):
        raise ValueError(f"cannot write {args.out!r} (use a .png or .jpg name)")
    extra = " and 4 table corners" if args.corners else ""
    print(f"wrote {args.seats} seat markers{extra} to {args.out}: lay seat k's marker just "
          "beyond that player's collection, seats numbered clockwise")
    return 0
