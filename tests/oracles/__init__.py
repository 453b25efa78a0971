"""Independent oracles the tests check the engine against (brute force, replays)."""
