"""What battles tell other apps, so that combat need not import them.

`round_opened(round, user)` is sent inside the transaction that opens a round for plays (a battle
starts, or a round resolves and combat goes on); the players app sends the plays-due emails from it.
`round_reopened(round, user)` is sent inside the transaction that voids a round's result and opens the
round again (combat/void.py); the players app gives it a fresh deadline and emails the players once more.
"""

from django.dispatch import Signal

round_opened = Signal()
round_reopened = Signal()
