"""The figures each answer keeps up to date, and the reports read from them."""
