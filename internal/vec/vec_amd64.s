// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build amd64 && !purego

#include "textflag.h"

// The AVX2 loops of the balancing kernels (ordering/balance_kernel_vec.go). These
// take four elements a step, over a length that is a multiple of 4. Every
// element's arithmetic is the Go loops', in the same order (a multiply,
// then a subtraction, ...: no fused multiply-adds), so the results are
// the same bits; the dot products keep dotDiff's partial sums s0..s3 in
// the lanes of Y0, element j in lane j mod 4.

// func DotDiffF64F64(l *[4]float64, s, a, b []float64, scale float64)
TEXT ·DotDiffF64F64(SB), NOSPLIT, $0-88
	MOVQ         l+0(FP), DI
	MOVQ         s_base+8(FP), SI
	MOVQ         s_len+16(FP), CX
	MOVQ         a_base+32(FP), R8
	MOVQ         b_base+56(FP), R9
	VBROADCASTSD scale+80(FP), Y7
	VXORPD       Y0, Y0, Y0
	SHRQ         $2, CX
	JZ           dd64done

dd64loop:
	VMOVUPD (R8), Y1      // a
	VMULPD  (R9), Y7, Y2  // scale·b
	VSUBPD  Y2, Y1, Y1    // a - scale·b
	VMULPD  (SI), Y1, Y1  // s (a - scale·b)
	VADDPD  Y1, Y0, Y0
	ADDQ    $32, SI
	ADDQ    $32, R8
	ADDQ    $32, R9
	DECQ    CX
	JNZ     dd64loop

dd64done:
	VMOVUPD Y0, (DI)
	VZEROUPPER
	RET

// func DotDiffF64F32(l *[4]float64, s, a []float64, b []float32, scale float64)
TEXT ·DotDiffF64F32(SB), NOSPLIT, $0-88
	MOVQ         l+0(FP), DI
	MOVQ         s_base+8(FP), SI
	MOVQ         s_len+16(FP), CX
	MOVQ         a_base+32(FP), R8
	MOVQ         b_base+56(FP), R9
	VBROADCASTSD scale+80(FP), Y7
	VXORPD       Y0, Y0, Y0
	SHRQ         $2, CX
	JZ           dd6432done

dd6432loop:
	VCVTPS2PD (R9), Y2      // float64(b)
	VMOVUPD   (R8), Y1      // a
	VMULPD    Y2, Y7, Y2    // scale·b
	VSUBPD    Y2, Y1, Y1    // a - scale·b
	VMULPD    (SI), Y1, Y1  // s (a - scale·b)
	VADDPD    Y1, Y0, Y0
	ADDQ      $32, SI
	ADDQ      $32, R8
	ADDQ      $16, R9
	DECQ      CX
	JNZ       dd6432loop

dd6432done:
	VMOVUPD Y0, (DI)
	VZEROUPPER
	RET

// func DotDiffF32F64(l *[4]float64, s []float64, a []float32, b []float64, scale float64)
TEXT ·DotDiffF32F64(SB), NOSPLIT, $0-88
	MOVQ         l+0(FP), DI
	MOVQ         s_base+8(FP), SI
	MOVQ         s_len+16(FP), CX
	MOVQ         a_base+32(FP), R8
	MOVQ         b_base+56(FP), R9
	VBROADCASTSD scale+80(FP), Y7
	VXORPD       Y0, Y0, Y0
	SHRQ         $2, CX
	JZ           dd3264done

dd3264loop:
	VCVTPS2PD (R8), Y1      // float64(a)
	VMULPD    (R9), Y7, Y2  // scale·b
	VSUBPD    Y2, Y1, Y1    // a - scale·b
	VMULPD    (SI), Y1, Y1  // s (a - scale·b)
	VADDPD    Y1, Y0, Y0
	ADDQ      $32, SI
	ADDQ      $16, R8
	ADDQ      $32, R9
	DECQ      CX
	JNZ       dd3264loop

dd3264done:
	VMOVUPD Y0, (DI)
	VZEROUPPER
	RET

// func MeanUpdateF64(s, centre, cur, g []float64, eps, scale float64)
TEXT ·MeanUpdateF64(SB), NOSPLIT, $0-112
	MOVQ         s_base+0(FP), DI
	MOVQ         s_len+8(FP), CX
	MOVQ         centre_base+24(FP), R8
	MOVQ         cur_base+48(FP), R9
	MOVQ         g_base+72(FP), R10
	VBROADCASTSD eps+96(FP), Y6
	VBROADCASTSD scale+104(FP), Y7
	SHRQ         $2, CX
	JZ           mu64done

mu64loop:
	VMOVUPD (R10), Y0     // v = g
	VMULPD  (R8), Y7, Y1  // scale·centre
	VSUBPD  Y1, Y0, Y1    // v - scale·centre
	VMULPD  Y1, Y6, Y1    // ε (v - scale·centre)
	VADDPD  (DI), Y1, Y1  // s + ε (...)
	VMOVUPD Y1, (DI)
	VADDPD  (R9), Y0, Y2  // cur + v
	VMOVUPD Y2, (R9)
	ADDQ    $32, DI
	ADDQ    $32, R8
	ADDQ    $32, R9
	ADDQ    $32, R10
	DECQ    CX
	JNZ     mu64loop

mu64done:
	VZEROUPPER
	RET

// func MeanUpdateF32(s, centre, cur []float64, g []float32, eps, scale float64)
TEXT ·MeanUpdateF32(SB), NOSPLIT, $0-112
	MOVQ         s_base+0(FP), DI
	MOVQ         s_len+8(FP), CX
	MOVQ         centre_base+24(FP), R8
	MOVQ         cur_base+48(FP), R9
	MOVQ         g_base+72(FP), R10
	VBROADCASTSD eps+96(FP), Y6
	VBROADCASTSD scale+104(FP), Y7
	SHRQ         $2, CX
	JZ           mu32done

mu32loop:
	VCVTPS2PD (R10), Y0     // v = float64(g)
	VMULPD    (R8), Y7, Y1  // scale·centre
	VSUBPD    Y1, Y0, Y1    // v - scale·centre
	VMULPD    Y1, Y6, Y1    // ε (v - scale·centre)
	VADDPD    (DI), Y1, Y1  // s + ε (...)
	VMOVUPD   Y1, (DI)
	VADDPD    (R9), Y0, Y2  // cur + v
	VMOVUPD   Y2, (R9)
	ADDQ      $32, DI
	ADDQ      $32, R8
	ADDQ      $32, R9
	ADDQ      $16, R10
	DECQ      CX
	JNZ       mu32loop

mu32done:
	VZEROUPPER
	RET

// func PairUpdateF64(s, a, b []float64, eps float64)
TEXT ·PairUpdateF64(SB), NOSPLIT, $0-80
	MOVQ         s_base+0(FP), DI
	MOVQ         s_len+8(FP), CX
	MOVQ         a_base+24(FP), R8
	MOVQ         b_base+48(FP), R9
	VBROADCASTSD eps+72(FP), Y6
	SHRQ         $2, CX
	JZ           pu64done

pu64loop:
	VMOVUPD (R8), Y0
	VSUBPD  (R9), Y0, Y0  // a - b
	VMULPD  Y0, Y6, Y0    // ε (a - b)
	VADDPD  (DI), Y0, Y0  // s + ε (a - b)
	VMOVUPD Y0, (DI)
	ADDQ    $32, DI
	ADDQ    $32, R8
	ADDQ    $32, R9
	DECQ    CX
	JNZ     pu64loop

pu64done:
	VZEROUPPER
	RET

// func PairUpdateF64F32(s, a []float64, b []float32, eps float64)
TEXT ·PairUpdateF64F32(SB), NOSPLIT, $0-80
	MOVQ         s_base+0(FP), DI
	MOVQ         s_len+8(FP), CX
	MOVQ         a_base+24(FP), R8
	MOVQ         b_base+48(FP), R9
	VBROADCASTSD eps+72(FP), Y6
	SHRQ         $2, CX
	JZ           pu6432done

pu6432loop:
	VCVTPS2PD (R9), Y1      // float64(b)
	VMOVUPD   (R8), Y0
	VSUBPD    Y1, Y0, Y0    // a - b
	VMULPD    Y0, Y6, Y0    // ε (a - b)
	VADDPD    (DI), Y0, Y0  // s + ε (a - b)
	VMOVUPD   Y0, (DI)
	ADDQ      $32, DI
	ADDQ      $32, R8
	ADDQ      $16, R9
	DECQ      CX
	JNZ       pu6432loop

pu6432done:
	VZEROUPPER
	RET

// The copies check finiteness as finite does: v - v is 0 for a finite v
// and NaN otherwise; OR-ing their bits gives 0 only if all are 0.

// func CopyFiniteF64(dst, src []float64) bool
TEXT ·CopyFiniteF64(SB), NOSPLIT, $0-49
	MOVQ   dst_base+0(FP), DI
	MOVQ   src_base+24(FP), SI
	MOVQ   src_len+32(FP), CX
	VXORPD Y3, Y3, Y3
	SHRQ   $2, CX
	JZ     cf64done

cf64loop:
	VMOVUPD (SI), Y0
	VMOVUPD Y0, (DI)
	VSUBPD  Y0, Y0, Y1
	VORPD   Y1, Y3, Y3
	ADDQ    $32, DI
	ADDQ    $32, SI
	DECQ    CX
	JNZ     cf64loop

cf64done:
	VPTEST Y3, Y3
	SETEQ  ret+48(FP)
	VZEROUPPER
	RET

// func CopyFiniteF32(dst []float64, src []float32) bool
TEXT ·CopyFiniteF32(SB), NOSPLIT, $0-49
	MOVQ   dst_base+0(FP), DI
	MOVQ   src_base+24(FP), SI
	MOVQ   src_len+32(FP), CX
	VXORPD Y3, Y3, Y3
	SHRQ   $2, CX
	JZ     cf32done

cf32loop:
	VCVTPS2PD (SI), Y0
	VMOVUPD   Y0, (DI)
	VSUBPD    Y0, Y0, Y1
	VORPD     Y1, Y3, Y3
	ADDQ      $32, DI
	ADDQ      $16, SI
	DECQ      CX
	JNZ       cf32loop

cf32done:
	VPTEST Y3, Y3
	SETEQ  ret+48(FP)
	VZEROUPPER
	RET

// PairBalance32's loops (ordering/balance32.go), 16 float32 elements a step
// (the copy 8). A
// gradient entry v is in range if v·2^29 (exact, or +-Inf for |v| >= 2^99)
// minus itself is 0, not NaN: its bits are OR-ed into Y5.

// func Pair32CopyF32(dst, src []float32) bool
TEXT ·Pair32CopyF32(SB), NOSPLIT, $0-49
	MOVQ         dst_base+0(FP), DI
	MOVQ         src_base+24(FP), SI
	MOVQ         src_len+32(FP), CX
	MOVL         $0x4E000000, AX // 2^29
	VMOVD        AX, X6
	VBROADCASTSS X6, Y6
	VXORPS       Y5, Y5, Y5
	SHRQ         $3, CX
	JZ           p32cdone

p32cloop:
	VMOVUPS (SI), Y0
	VMOVUPS Y0, (DI)
	VMULPS  Y6, Y0, Y1
	VSUBPS  Y1, Y1, Y1
	VORPS   Y1, Y5, Y5
	ADDQ    $32, DI
	ADDQ    $32, SI
	DECQ    CX
	JNZ     p32cloop

p32cdone:
	VPTEST Y5, Y5
	SETEQ  ret+48(FP)
	VZEROUPPER
	RET

// PAIR32_DOT16 is the body of both Pair32Dot loops, with b[0:16] in
// float32 in Y2 and Y7: it ORs their range check into Y5 (2^29 in Y6),
// and adds s (a - b), the difference in float32 and the product in
// float64, to the partial sums in Y0, Y1, Y14 and Y15, reading s at SI and
// a at R8.
#define PAIR32_DOT16 \
	VMULPS       Y6, Y2, Y3; \
	VSUBPS       Y3, Y3, Y3; \
	VORPS        Y3, Y5, Y5; \
	VMULPS       Y6, Y7, Y3; \
	VSUBPS       Y3, Y3, Y3; \
	VORPS        Y3, Y5, Y5; \
	VMOVUPS      (R8), Y4; \
	VSUBPS       Y2, Y4, Y4; \
	VMOVUPS      32(R8), Y10; \
	VSUBPS       Y7, Y10, Y10; \
	VCVTPS2PD    X4, Y8; \
	VEXTRACTF128 $1, Y4, X9; \
	VCVTPS2PD    X9, Y9; \
	VCVTPS2PD    X10, Y11; \
	VEXTRACTF128 $1, Y10, X10; \
	VCVTPS2PD    X10, Y10; \
	VCVTPS2PD    (SI), Y12; \
	VCVTPS2PD    16(SI), Y13; \
	VMULPD       Y12, Y8, Y8; \
	VMULPD       Y13, Y9, Y9; \
	VADDPD       Y8, Y0, Y0; \
	VADDPD       Y9, Y1, Y1; \
	VCVTPS2PD    32(SI), Y12; \
	VCVTPS2PD    48(SI), Y13; \
	VMULPD       Y12, Y11, Y11; \
	VMULPD       Y13, Y10, Y10; \
	VADDPD       Y11, Y14, Y14; \
	VADDPD       Y10, Y15, Y15;

// func Pair32DotF32(l *[16]float64, s, a, b []float32) bool
TEXT ·Pair32DotF32(SB), NOSPLIT, $0-81
	MOVQ         l+0(FP), DI
	MOVQ         s_base+8(FP), SI
	MOVQ         s_len+16(FP), CX
	MOVQ         a_base+32(FP), R8
	MOVQ         b_base+56(FP), R9
	MOVL         $0x4E000000, AX // 2^29
	VMOVD        AX, X6
	VBROADCASTSS X6, Y6
	VXORPD       Y0, Y0, Y0 // partial sums 0..3
	VXORPD       Y1, Y1, Y1 // 4..7
	VXORPD       Y14, Y14, Y14 // 8..11
	VXORPD       Y15, Y15, Y15 // 12..15
	VXORPS       Y5, Y5, Y5
	SHRQ         $4, CX
	JZ           p32ddone

p32dloop:
	VMOVUPS      (R9), Y2 // b[0:8]
	VMOVUPS      32(R9), Y7 // b[8:16]
	PAIR32_DOT16
	ADDQ         $64, SI
	ADDQ         $64, R8
	ADDQ         $64, R9
	DECQ         CX
	JNZ          p32dloop

p32ddone:
	VMOVUPD Y0, (DI)
	VMOVUPD Y1, 32(DI)
	VMOVUPD Y14, 64(DI)
	VMOVUPD Y15, 96(DI)
	VPTEST  Y5, Y5
	SETEQ   ret+80(FP)
	VZEROUPPER
	RET

// func Pair32UpdateF32(s, a, b []float32, eps float32)
TEXT ·Pair32UpdateF32(SB), NOSPLIT, $0-76
	MOVQ         s_base+0(FP), DI
	MOVQ         s_len+8(FP), CX
	MOVQ         a_base+24(FP), R8
	MOVQ         b_base+48(FP), R9
	VBROADCASTSS eps+72(FP), Y6
	SHRQ         $4, CX
	JZ           p32udone

p32uloop:
	VMOVUPS (R8), Y0 // a
	VMOVUPS 32(R8), Y1
	VSUBPS  (R9), Y0, Y0 // a - b
	VSUBPS  32(R9), Y1, Y1
	VMULPS  Y0, Y6, Y0 // ε (a - b)
	VMULPS  Y1, Y6, Y1
	VADDPS  (DI), Y0, Y0 // s + ε (a - b)
	VADDPS  32(DI), Y1, Y1
	VMOVUPS Y0, (DI)
	VMOVUPS Y1, 32(DI)
	ADDQ    $64, DI
	ADDQ    $64, R8
	ADDQ    $64, R9
	DECQ    CX
	JNZ     p32uloop

p32udone:
	VZEROUPPER
	RET

// The same three for float64 gradients, rounded to float32 first
// (VCVTPD2PS, as Go's conversion rounds), their range checked on the
// rounded values.

// func Pair32CopyF64(dst []float32, src []float64) bool
TEXT ·Pair32CopyF64(SB), NOSPLIT, $0-49
	MOVQ         dst_base+0(FP), DI
	MOVQ         src_base+24(FP), SI
	MOVQ         src_len+32(FP), CX
	MOVL         $0x4E000000, AX // 2^29
	VMOVD        AX, X6
	VBROADCASTSS X6, Y6
	VXORPS       Y5, Y5, Y5
	SHRQ         $3, CX
	JZ           p32c64done

p32c64loop:
	VCVTPD2PSY  (SI), X0
	VCVTPD2PSY  32(SI), X1
	VINSERTF128 $1, X1, Y0, Y0
	VMOVUPS     Y0, (DI)
	VMULPS      Y6, Y0, Y1
	VSUBPS      Y1, Y1, Y1
	VORPS       Y1, Y5, Y5
	ADDQ        $32, DI
	ADDQ        $64, SI
	DECQ        CX
	JNZ         p32c64loop

p32c64done:
	VPTEST Y5, Y5
	SETEQ  ret+48(FP)
	VZEROUPPER
	RET

// func Pair32DotF64(l *[16]float64, s, a []float32, b []float64) bool
TEXT ·Pair32DotF64(SB), NOSPLIT, $0-81
	MOVQ         l+0(FP), DI
	MOVQ         s_base+8(FP), SI
	MOVQ         s_len+16(FP), CX
	MOVQ         a_base+32(FP), R8
	MOVQ         b_base+56(FP), R9
	MOVL         $0x4E000000, AX // 2^29
	VMOVD        AX, X6
	VBROADCASTSS X6, Y6
	VXORPD       Y0, Y0, Y0 // partial sums 0..3
	VXORPD       Y1, Y1, Y1 // 4..7
	VXORPD       Y14, Y14, Y14 // 8..11
	VXORPD       Y15, Y15, Y15 // 12..15
	VXORPS       Y5, Y5, Y5
	SHRQ         $4, CX
	JZ           p32d64done

p32d64loop:
	VCVTPD2PSY   (R9), X2 // b[0:8], rounded
	VCVTPD2PSY   32(R9), X3
	VINSERTF128  $1, X3, Y2, Y2
	VCVTPD2PSY   64(R9), X7 // b[8:16]
	VCVTPD2PSY   96(R9), X3
	VINSERTF128  $1, X3, Y7, Y7
	PAIR32_DOT16
	ADDQ         $64, SI
	ADDQ         $64, R8
	ADDQ         $128, R9
	DECQ         CX
	JNZ          p32d64loop

p32d64done:
	VMOVUPD Y0, (DI)
	VMOVUPD Y1, 32(DI)
	VMOVUPD Y14, 64(DI)
	VMOVUPD Y15, 96(DI)
	VPTEST  Y5, Y5
	SETEQ   ret+80(FP)
	VZEROUPPER
	RET

// func Pair32UpdateF64(s, a []float32, b []float64, eps float32)
TEXT ·Pair32UpdateF64(SB), NOSPLIT, $0-76
	MOVQ         s_base+0(FP), DI
	MOVQ         s_len+8(FP), CX
	MOVQ         a_base+24(FP), R8
	MOVQ         b_base+48(FP), R9
	VBROADCASTSS eps+72(FP), Y6
	SHRQ         $4, CX
	JZ           p32u64done

p32u64loop:
	VCVTPD2PSY  (R9), X2 // b[0:8], rounded
	VCVTPD2PSY  32(R9), X3
	VINSERTF128 $1, X3, Y2, Y2
	VCVTPD2PSY  64(R9), X4 // b[8:16]
	VCVTPD2PSY  96(R9), X3
	VINSERTF128 $1, X3, Y4, Y4
	VMOVUPS     (R8), Y0 // a
	VMOVUPS     32(R8), Y1
	VSUBPS      Y2, Y0, Y0 // a - b
	VSUBPS      Y4, Y1, Y1
	VMULPS      Y0, Y6, Y0 // ε (a - b)
	VMULPS      Y1, Y6, Y1
	VADDPS      (DI), Y0, Y0 // s + ε (a - b)
	VADDPS      32(DI), Y1, Y1
	VMOVUPS     Y0, (DI)
	VMOVUPS     Y1, 32(DI)
	ADDQ        $64, DI
	ADDQ        $64, R8
	ADDQ        $128, R9
	DECQ        CX
	JNZ         p32u64loop

p32u64done:
	VZEROUPPER
	RET

// MeanBalance32's update (ordering/balance32.go, mean32Update), 16
// elements a step: s += eps (g - centre) and cur += g, in float32, g
// rounded to float32 first in the F64 loop.

// func Mean32UpdateF32(s, centre, cur, g []float32, eps float32)
TEXT ·Mean32UpdateF32(SB), NOSPLIT, $0-100
	MOVQ         s_base+0(FP), DI
	MOVQ         s_len+8(FP), CX
	MOVQ         centre_base+24(FP), R8
	MOVQ         cur_base+48(FP), R10
	MOVQ         g_base+72(FP), R9
	VBROADCASTSS eps+96(FP), Y6
	SHRQ         $4, CX
	JZ           m32udone

m32uloop:
	VMOVUPS (R9), Y2 // g
	VMOVUPS 32(R9), Y4
	VSUBPS  (R8), Y2, Y0 // g - centre
	VSUBPS  32(R8), Y4, Y1
	VMULPS  Y0, Y6, Y0 // ε (g - centre)
	VMULPS  Y1, Y6, Y1
	VADDPS  (DI), Y0, Y0 // s + ε (g - centre)
	VADDPS  32(DI), Y1, Y1
	VMOVUPS Y0, (DI)
	VMOVUPS Y1, 32(DI)
	VADDPS  (R10), Y2, Y2 // cur + g
	VADDPS  32(R10), Y4, Y4
	VMOVUPS Y2, (R10)
	VMOVUPS Y4, 32(R10)
	ADDQ    $64, DI
	ADDQ    $64, R8
	ADDQ    $64, R10
	ADDQ    $64, R9
	DECQ    CX
	JNZ     m32uloop

m32udone:
	VZEROUPPER
	RET

// func Mean32UpdateF64(s, centre, cur []float32, g []float64, eps float32)
TEXT ·Mean32UpdateF64(SB), NOSPLIT, $0-100
	MOVQ         s_base+0(FP), DI
	MOVQ         s_len+8(FP), CX
	MOVQ         centre_base+24(FP), R8
	MOVQ         cur_base+48(FP), R10
	MOVQ         g_base+72(FP), R9
	VBROADCASTSS eps+96(FP), Y6
	SHRQ         $4, CX
	JZ           m32u64done

m32u64loop:
	VCVTPD2PSY  (R9), X2 // g[0:8], rounded
	VCVTPD2PSY  32(R9), X3
	VINSERTF128 $1, X3, Y2, Y2
	VCVTPD2PSY  64(R9), X4 // g[8:16]
	VCVTPD2PSY  96(R9), X3
	VINSERTF128 $1, X3, Y4, Y4
	VSUBPS      (R8), Y2, Y0 // g - centre
	VSUBPS      32(R8), Y4, Y1
	VMULPS      Y0, Y6, Y0 // ε (g - centre)
	VMULPS      Y1, Y6, Y1
	VADDPS      (DI), Y0, Y0 // s + ε (g - centre)
	VADDPS      32(DI), Y1, Y1
	VMOVUPS     Y0, (DI)
	VMOVUPS     Y1, 32(DI)
	VADDPS      (R10), Y2, Y2 // cur + g
	VADDPS      32(R10), Y4, Y4
	VMOVUPS     Y2, (R10)
	VMOVUPS     Y4, 32(R10)
	ADDQ        $64, DI
	ADDQ        $64, R8
	ADDQ        $64, R10
	ADDQ        $128, R9
	DECQ        CX
	JNZ         m32u64loop

m32u64done:
	VZEROUPPER
	RET
