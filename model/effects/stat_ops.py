"""How an effect changes a characteristic (E-OPS-1): the ``op`` of ``modify`` and of the
card language's ``ModifyStat`` (re-exported in ``model.effects.algebra``). Its own module
so that the scenario steps read it without the whole algebra (issue 19)."""

from __future__ import annotations

from enum import Enum

from arbiter.model.values.reading import Op


class StatOp(Enum):
    ADD = "add"
    SET = "set"
    MULTIPLY = "multiply"
    DIVIDE = "divide"
    COPY = "copy"  # take the other object's value
    SWAP = "swap"
    SWAP_BONUS = "swap_bonus"  # exchange bonuses (E-BONUS-3)
    REMOVE = "remove"  # remove members of a set characteristic

    @property
    def op(self) -> Op | None:
        return {"add": Op.ADD, "set": Op.SET, "multiply": Op.MULTIPLY, "divide": Op.DIVIDE}.get(
            self.value
        )
