from explainer.cli.main import main

raise SystemExit(main(guard_memory=True))
