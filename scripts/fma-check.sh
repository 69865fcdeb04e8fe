#!/usr/bin/env bash
# fma-check: no function of darwinsim may let the compiler fuse a float
# multiply and add into one rounding (FMADD and its kin), which Go does on
# arm64 (and other processors) but not on amd64: a fused result can differ
# in its last bit, and a result that depends on the processor breaks "the
# same seed gives the same bytes". Round a product explicitly where it
# meets an addition: float64(x*y) + z. The check compiles every package for
# arm64 and lists the functions whose code holds a fused instruction.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
found=$(GOARCH=arm64 go build -gcflags=-S ./... 2>&1 |
	awk '/STEXT/ { fn = $1 } /\t(FMADD|FMSUB|FNMADD|FNMSUB)[DS]\t/ { print fn, $3 }' | sort -u)
if [ -n "$found" ]; then
	echo "fma-check: fused multiply-adds (round the product: float64(x*y) + z):"
	echo "$found"
	exit 1
fi
echo "fma-check: no fused multiply-add in arm64 code"
