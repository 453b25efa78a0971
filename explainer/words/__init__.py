"""The words: catalogs and languages, deductions, proofs, guesses, reports and lessons turned into
sentences and JSON.  The only package that calls gettext or Babel."""
