"""The facts the original rules leave open (P9), each chosen once: see docs/palatinus-rulings.md.

Everything here is data; the rules read it and never restate it.
"""

from __future__ import annotations

MERCHANT, FARMER, CONDOTTIERO = "merchant", "farmer", "condottiero"
KINDS = (MERCHANT, FARMER, CONDOTTIERO)
LETTERS = "ABCDEFG"

#: ruling 1: the springs of each tile, as sides 0-5 of the tile as printed (counter-clockwise
#: from the side that faces east when the tile is laid unturned); 12 springs of 42 terrains
SPRINGS: dict[str, tuple[int, ...]] = {
    "A": (0,),
    "B": (0, 1),
    "C": (0, 1, 3),
    "D": (0,),
    "E": (0, 3),
    "F": (0, 2),
    "G": (2,),
}

#: ruling 2: a tile may be turned when laid (any of six sixth-turns)
TILES_MAY_TURN = True

#: P1: the Palatinus token on the middle hill
PALATINUS_VALUE = 6
#: ruling 3: the six other hill tokens, dealt at random to the ring's hills (P3.3)
OTHER_TOKEN_VALUES: tuple[int, ...] = (3, 3, 4, 4, 5, 5)

#: P6a: what a second player capturing a shared captive takes; P6b: each tied player's disc
SHARED_CAPTIVE_DISC = 1
TIED_HILL_DISC = 2
#: ruling 4: discs are never short (the box's 12 are a counting aid): None = no limit
DISC_SUPPLY: int | None = None

#: one kind of inhabitant in a set: (kind, wolf-faced?) -> how many
PieceSet = dict[tuple[str, bool], int]

#: P2 and ruling 5: each player's inhabitants of their own colour, by player count
SETS: dict[int, PieceSet] = {
    5: {(MERCHANT, False): 2, (MERCHANT, True): 1, (FARMER, False): 1, (FARMER, True): 2,
        (CONDOTTIERO, False): 1},
    4: {(MERCHANT, False): 2, (MERCHANT, True): 2, (FARMER, False): 1, (FARMER, True): 2,
        (CONDOTTIERO, False): 1},
    # ruling 5: a colour's full set of 12 (3 and 2 players)
    3: {(MERCHANT, False): 2, (MERCHANT, True): 3, (FARMER, False): 2, (FARMER, True): 3,
        (CONDOTTIERO, False): 2},
    2: {(MERCHANT, False): 2, (MERCHANT, True): 3, (FARMER, False): 2, (FARMER, True): 3,
        (CONDOTTIERO, False): 2},
}
#: P2: with two players each also plays these of an unused colour as their own
TWO_PLAYER_EXTRA: PieceSet = {(MERCHANT, False): 1, (MERCHANT, True): 1,
                              (FARMER, False): 1, (FARMER, True): 1}
#: ruling 6: the unused colour each seat plays with two players
TWO_PLAYER_EXTRA_COLOUR = (2, 3)
COLOURS = 5

#: P4: a condottiero may not be held into the last this-many turns, by player count
LAST_TURNS = {2: 4, 3: 4, 4: 3, 5: 3}

# ruling 7 (a shared captive goes to the condottiero placed first) and ruling 8 (a tie P7
# leaves is a shared victory) are behaviour, not numbers: scoring.py carries them out
#: ruling 9: an unoccupied spring beside a farmer counts twice (2 as an unoccupied terrain,
#: 2 as a spring), reading P6b's two clauses literally
EMPTY_SPRING_COUNTS_TWICE = True
