"""What battles tell other apps, so that combat need not import them.

`round_opened(round, user)` is sent inside the transaction that opens a round for plays (a battle
starts, or a round resolves and combat goes on); the players app sends the plays-due emails from it.
"""

from django.dispatch import Signal

round_opened = Signal()
