"""Quality evaluation: a generated development corpus with known truths, and a scorecard.

`corpus.generate` writes fictional developers' transcripts and instruction files plus
`truth.json`; `runner.run_eval` runs `persona run` on each developer in isolated data dirs and
`score.score` judges the pack against the truth (recall, fabrication, leaks, stability).
"""
