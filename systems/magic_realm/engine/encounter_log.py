"""The rules the encounter step's log lines cite: (rule number, title) pairs, one per rule of the
encounter step (8.3), the melee step's targets (8.4.2), Stumble (5.1), riding horses (5.2) and the BIMR4
options Extended Treachery and Watchful Natives.
"""

from __future__ import annotations



LURING = ("8.3.4", "Luring")
BATTLING_LURED = ("8.3.4e", "Luring natives: battling for the rest of the day")
RANDOM_ASSIGNMENT = ("8.3.5a.3", "Random assignment")
DEPLOYMENT = ("8.3", "Encounter step: deploying hirelings")
CHARGING = ("8.3", "Encounter step: charging")
RUNNING = ("8.3", "Encounter step: running away")
STUMBLE = ("5.1", "Stumble table (Optional Combat Rules)")
RIDING = ("5.2", "Riding horses: the horse is the only piece he can play to move")
ALERTING = ("8.3", "Encounter step: alerting a weapon")
CASTING = ("8.3", "Encounter step: casting a spell")
TARGETING = ("8.4.2", "Melee step: selecting targets")
UNHIDING = ("8.4.2b.4", "Targeting makes a character unhidden")
BATTLING_TARGETED = ("8.4.2d.7", "Targeting natives: battling for the rest of the day")
TREACHERY = ("8.4.2g", "Treachery")
EXTENDED_TREACHERY = ("BIMR4 Extended Treachery", "Extended Treachery")
WATCHFUL = ("BIMR4 Watchful Natives 1", "Watchful Natives")
WATCHFUL_TARGETED = ("BIMR4 Watchful Natives 1.1", "Watchful Natives: a watchful native targeted")
WATCHFUL_DEPLOYED = (
    "BIMR4 Watchful Natives 1.2",
    "Watchful Natives: a minion deployed against a watchful native",
)
WATCHFUL_HIDDEN = ("BIMR4 Watchful Natives 1.3", "Watchful Natives: hidden or absent character")
