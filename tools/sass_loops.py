#!/usr/bin/env python3
"""sass_loops.py FILE.sass [TOP] [--outline]: the loops of each kernel in a `cuobjdump -sass` listing (a branch back to a lower
address opens one), the largest TOP (default 4) first, with their instruction counts and the opcodes that matter for
a kernel's main loop: spill loads and stores (LDL, STL), warpgroup MMAs (HGMMA), exponentials (MUFU), mbarrier and
barrier traffic (SYNCS, BAR), LDS traffic (LDS, STS). Then where the kernel's spill instructions are: before, inside
and after its main loop: the innermost loop (one holding no other loop of 8 or more instructions: spin-waits on
mbarriers are shorter, and none holding the kernel's EXIT: an mbarrier wait's retry code past it branches back into
the body) with the most HGMMA (the largest loops are often a role's whole code, the main loop's copies for a loop's
tail inside them). Spills ptxas reports (tools/ptxas_report.py) cost time only
where they run; at D = 128 the backward's key loop held 63 spill loads in one form against 9 in another
(bench/RESULTS.md 2026-11-29 session 39).
With --outline, the main loop's events in order, each with its instruction's index in the loop: runs of HGMMA and
MUFU, the warpgroup MMAs' fences and waits (WARPGROUP.ARRIVE / DEPBAR), mbarrier and barrier traffic and spills. Where
ptxas put a wait among the exponentials reads off it: in the D = 64 forward it hoisted the wait for the previous P V
into the first stall of the row max (bench/RESULTS.md 2026-11-30 session 41).
Reads text only: no GPU, no CUDA (the listing comes from a machine with cuobjdump)."""
import collections
import re
import sys

OPS = ("LDL", "STL", "HGMMA", "MUFU", "SYNCS", "BAR", "LDS", "STS")
INSTR = re.compile(r"\s*/\*([0-9a-f]{4,})\*/\s+(.*?);")
FUNC = re.compile(r"\s*Function\s*:\s*(\S+)")


def opcode(text):
    """the opcode of an instruction, its predicate left out: "@!P0 BRA 0x10" -> "BRA", "HGMMA.64x128x16" -> "HGMMA" """
    text = re.sub(r"^@!?U?P\w+\s+", "", text)
    return text.split()[0].split(".")[0] if text else ""


def kernels(lines):
    """{name: [(address, opcode, text)]} in the listing's order"""
    out, name = collections.OrderedDict(), None
    for line in lines:
        m = FUNC.match(line)
        if m:
            name = m.group(1)
            out[name] = []
            continue
        m = INSTR.match(line)
        if m and name is not None:
            out[name].append((int(m.group(1), 16), opcode(m.group(2)), m.group(2)))
    return out


def loops(ins):
    """[(first address, last address, [instructions])] for each branch back to a lower address"""
    at = {a: i for i, (a, _, _) in enumerate(ins)}
    found = []
    for i, (a, op, text) in enumerate(ins):
        if op != "BRA":
            continue
        m = re.search(r"0x([0-9a-f]+)", text)
        if m and int(m.group(1), 16) < a and int(m.group(1), 16) in at:
            lo = int(m.group(1), 16)
            found.append((lo, a, ins[at[lo]:i + 1]))
    return found


def report(path, top, outline=False):
    with open(path) as f:
        ks = kernels(f)
    if not ks:
        sys.exit("sass_loops: no 'Function :' header with instructions in %s (is it cuobjdump -sass output?)" % path)
    for name, ins in ks.items():
        print("%s: %d instructions" % (name, len(ins)))
        # (lo, hi, instructions, opcode counts, body) a loop, the largest first
        ls = sorted(((lo, hi, len(body), collections.Counter(op for _, op, _ in body), body)
                     for lo, hi, body in loops(ins)), key=lambda l: -l[2])
        for lo, hi, n, c, _ in ls[:top]:
            print("  loop %#x-%#x: %d instructions; %s" % (lo, hi, n, ", ".join("%s %d" % (o, c[o]) for o in OPS)))
        if ls:
            def innermost(l):
                return not any(o is not l and l[0] <= o[0] and o[1] <= l[1] and o[2] >= 8 for o in ls)
            # (a branch back from an mbarrier wait's retry code, placed past the kernel's EXIT, spans the EXIT)
            cands = [l for l in ls if innermost(l) and not l[3]["EXIT"]] or ls
            lo, hi, n, c, body = min(cands, key=lambda l: (-l[3]["HGMMA"], l[2]))
            where = collections.Counter()
            for a, op, _ in ins:
                if op in ("LDL", "STL"):
                    where[(op, "before" if a < lo else "inside" if a <= hi else "after")] += 1
            print("  main loop %#x-%#x (%d instructions, HGMMA %d); spills before / inside / after it: "
                  % (lo, hi, n, c["HGMMA"]) +
                  ", ".join("%s %d / %d / %d" % (op, where[(op, "before")], where[(op, "inside")], where[(op, "after")])
                            for op in ("LDL", "STL")))
            if outline:
                for line in outline_of(body):
                    print("    " + line)


RUNS = ("HGMMA", "MUFU", "LDL", "STL")  # (a run of one of these, other opcodes between, is one line)
EVENTS = RUNS + ("WARPGROUP", "SYNCS", "BAR")


def outline_of(body):
    """the loop's events: 'first-last xN text' (indices in the loop; a run of one of RUNS as one line, with its first's
    text)"""
    out = []
    for i, (_, op, text) in enumerate(body):
        if op not in EVENTS:
            continue
        if out and op in RUNS and out[-1][2] == op:
            out[-1][1], out[-1][3] = i, out[-1][3] + 1
        else:
            out.append([i, i, op, 1, text])
    return ["%4d-%4d x%3d %s" % (a, b, k, t) for a, b, _, k, t in out] + ["%d instructions" % len(body)]


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--outline"]
    if len(args) < 1 or len(args) > 2:
        sys.exit(__doc__)
    report(args[0], int(args[1]) if len(args) == 2 else 4, "--outline" in sys.argv[1:])
