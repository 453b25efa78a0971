from .cli import main

raise SystemExit(main(guard_memory=True))
