"""Teaching the detector a deck from photos: import labelled photos, pre-label new ones.

- ``vision.labelling.importer``: YOLO, COCO or Label Studio labels -> a checked, clean
  Ultralytics dataset (``passt dataset import``).
- ``vision.labelling.prelabel``: the current detector's guesses as YOLO labels and a Label
  Studio import file, so a person only corrects (``passt label``).
"""
