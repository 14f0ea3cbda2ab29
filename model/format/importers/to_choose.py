""" "Choose a unit. It gains [Shield 2] this combat": an instruction to choose, then a
sentence about what was chosen, is the same as that sentence about the chosen object
("a unit gains [Shield 2] this combat", chosen as the ability resolves, A-SPELL-1);
"choose an opponent. They score 1 point" is "an opponent scores 1 point". The reading is
rewritten so before it is converted: the choice takes the place of the first "it" /
"they" of the next sentence, and the later ones refer to it (``to_actions.refer``).

Only the plain case is rewritten: the next sentence is a plain sequence of clauses (no
condition, no "you may"), and its first pronoun is what a clause is done to or by, so the
meaning does not move into a condition. Any other reading is left as it is (and is not
modelled: "the instruction 'choose …'").
"""

from __future__ import annotations

from dataclasses import replace

from arbiter.model.format.importers.clauses import Det, Node, NounPhrase, Value

_PRONOUNS = {"it", "them", "they"}
_SEQUENCES = {"clauses", "clause", "then", "then-nocomma", "and", "comma-and", "comma"}


def chosen(node: Node) -> Node:
    """The reading with each "choose X. <sentence about it>" rewritten (see above)."""
    slots = tuple((k, chosen(v) if isinstance(v, Node) else v) for k, v in node.slots)
    node = replace(node, slots=slots) if slots != node.slots else node
    if node.form.name != "sentences":
        return node
    first, then = dict(node.slots).get("a"), dict(node.slots).get("b")
    choice = _choice(first)
    if choice is None or not isinstance(then, Node):
        return node
    head = dict(then.slots).get("a") if then.form.name in ("sentence", "sentences") else None
    if not isinstance(head, Node) or head.form.name != "clauses":
        return node
    said = _put(head, choice)
    if said is None:
        return node
    return replace(then, slots=tuple((k, said if k == "a" else v) for k, v in then.slots))


def _choice(first: Value | None) -> NounPhrase | None:
    """What "choose X" chooses: one object (a / an / one) or an opponent, else None."""
    if not isinstance(first, Node) or first.form.name != "clauses":
        return None
    clause = dict(first.slots).get("c")
    if not isinstance(clause, Node) or clause.form.name != "clause":
        return None
    inner = dict(clause.slots).get("a")
    if not isinstance(inner, Node) or inner.form.name != "choose" or len(inner.slots) != 1:
        return None
    np = dict(inner.slots).get("t")
    if not isinstance(np, NounPhrase):
        return None
    one = np.det in (Det.A, Det.ONE) and (np.count or 1) == 1
    return np if one or (np.det is Det.PRONOUN and np.noun == "an-opponent") else None


def _put(node: Node, choice: NounPhrase) -> Node | None:
    """``node`` with its first pronoun replaced by ``choice``: only in the clauses of a
    plain sequence, as the object a clause is done to (``t``) or by (``p``)."""
    if node.form.name in _SEQUENCES:
        for i, (k, v) in enumerate(node.slots):
            if isinstance(v, Node):
                done = _put(v, choice)
                if done is not None:
                    return replace(node, slots=(*node.slots[:i], (k, done), *node.slots[i + 1 :]))
                if _has_pronoun(v):
                    return None  # a pronoun somewhere else first: not the plain case
            elif k in ("t", "p") and isinstance(v, NounPhrase) and _pronoun(v):
                return replace(node, slots=(*node.slots[:i], (k, choice), *node.slots[i + 1 :]))
        return None
    for i, (k, v) in enumerate(node.slots):  # a clause: its own subject or object
        if k in ("t", "p") and isinstance(v, NounPhrase) and _pronoun(v):
            return replace(node, slots=(*node.slots[:i], (k, choice), *node.slots[i + 1 :]))
    return None


def _pronoun(np: NounPhrase) -> bool:
    return np.det is Det.PRONOUN and np.noun in _PRONOUNS


def _has_pronoun(node: Node) -> bool:
    return any(
        (isinstance(v, NounPhrase) and _pronoun(v)) or (isinstance(v, Node) and _has_pronoun(v))
        for _, v in node.slots
    )
