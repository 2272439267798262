"""Rule checkers, written from each puzzle's rules; they share no code with the encoders."""
