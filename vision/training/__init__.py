"""Teaching the detector: datasets for the card finder and the face classifier, and training."""
