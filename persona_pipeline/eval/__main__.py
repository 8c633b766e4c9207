"""`python -m persona_pipeline.eval`: the same as `persona eval`."""

import sys

from persona_pipeline.eval.runner import main

sys.exit(main())
