"""Importers of published card pools (Riftbound, Altered) into card-set files.

``sources`` reads each publisher's JSON into ``RawCard``; ``text`` normalises and
segments ability text into lines; ``phrases`` and ``patterns`` parse a line into the
clause vocabulary of ``clauses`` (or leave it opaque); ``keywords`` maps every keyword
of both rulebooks; ``coverage`` counts what was understood; ``emit`` writes the
card-set YAML and the report.
"""
