// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package paper

// slip is an error in the paper's text that a reader reproducing it meets:
// where it is, what is written against what is meant, and how this package
// reads it. The report lists them in the paper's order.
type slip struct {
	where, what, ours string
}

// slips are the paper's slips we found while reproducing it.
var slips = []slip{
	{
		where: "Theorem 1, Section 3.4, against its proof in Appendix A",
		what:  "the statement bounds (1/T) Σ ‖∇f(x_t)‖² by 8F₀/(nTγ) + 16γLζ² + 32γ²L²σ*², but the proof ends with (1/(12T)) Σ ‖∇f(x_t)‖² ≤ F₀/(γnT) + γLζ² + 4γ²L²σ*², that is constants 12, 12 and 48: the stated bound is not the one proved, tighter in its F₀ and σ*² terms (8 and 32 against 12 and 48) and looser in its ζ² term (16 against 12).",
		ours:  "theorem-1 and theorem-1-noise check every measured average against both bounds and report the smallest slack of each (\"stated\" and \"proof\"); ordering.Theorem1Bound computes the stated one.",
	},
	{
		where: "The (IG) rate, Discussion of Theorem 1, Section 3.5",
		what:  "Remark 4 gives M* = nM for an arbitrary order, so Theorem 1's first term for IG is L(nM + P/n + 1)F₀/T, but the displayed rate keeps L(M + P/n + 1)F₀/T. The two agree when M = 0, the setting of Mishchenko et al.",
		ours:  "ordering.RateIG computes the rate as displayed and says so; ordering.Theorem1Rate with Remark 4's constants gives the nM form; remark-4 checks M* ≤ nM on problems with M > 0.",
	},
	{
		where: "Section 4.1, first paragraph",
		what:  "\"we know σ_⋆ ≤ n²σ² when Assumption 5 holds (see Remark 4)\": Remark 4 gives σ*² = n²σ², so σ*² ≤ n²σ² is meant.",
		ours:  "remark-4 checks σ*²/(n²σ²) ≤ 1.",
	},
	{
		where: "Algorithm 3 (two-level K-shuffling), Section 5.2",
		what:  "the inner loop appends \"the next K elements\" of the low-level order, written as the pairs with low-level indices m(k−1)+1 … mk; K(k−1)+1 … Kk is meant (m(k−1)+1 … mk are m elements and run past m for k > 1).",
		ours:  "ordering.NewKShuffle takes K(k−1)+1 … Kk, the reading under which every block holds K elements and an epoch visits every pair once.",
	},
	{
		where: "Corollary 3 (of Lemma 2), Section 5.3",
		what:  "it speaks of \"orders generated from Algorithm 2\" (the greedy algorithm) with random top- and low-level permutations; Algorithm 3, two-level K-shuffling, is meant.",
		ours:  "the two-level claims run Algorithm 3 (ordering.NewKShuffle) with random permutations at both levels.",
	},
	{
		where: "Running SGD internally, end of Section 5.3",
		what:  "\"when T < LF₀√(nM)/σ_low², the last term in (shuffle-just-high-level) is less than both the first and last term in (kshuffle-bound)\": the terms themselves give σ_low√(LF₀/(NmT)) < (σ_low LF₀/(N√m T))^(2/3) exactly when T < LF₀m/(Nσ_low²), and σ_low√(LF₀/(NmT)) < L(M*+1)F₀/T exactly when T < LF₀Nm(M*+1)²/σ_low²; √(nM) follows from neither. Its symbols are defined: M is the heterogeneity constant of Section 5.3's assumption ((σ_top, M)- and (σ_low, M)-heterogeneity) and n the epoch's length, N·m; but with M = 0, as on Section 6.2's quadratic, the formula is 0. And a comparison of terms with the constants dropped is not where the rates, or the methods, cross.",
		ours:  "sgd-internally compares the measured crossover with the first epoch at which the rates themselves (kshuffle-bound with K = 1 and shuffle-just-high-level) cross, and shows LF₀m/(Nσ_low²), LF₀Nm/σ_low² and the paper's formula beside it (0 with the quadratic's M = 0, so shown read with n = N and M = m).",
	},
	{
		where: "Table 1, Section 6.1",
		what:  "the column headers \"Same-Class\" and \"Standard\" are swapped: the text says greedy matches RR under standard batching and beats it under same-class batching, which the numbers say only with the columns exchanged (RR 92.72 and greedy 92.67 are standard batching; RR 73.46 and greedy 88.43 same-class).",
		ours:  "table-1 reads the table with the columns exchanged: the paper's gap is about +15 points under same-class batching and -0.05 under standard batching.",
	},
	{
		where: "The lemma of the decrease per epoch (Lemma 4), Appendix A",
		what:  "typos: the first line's smoothness term E (L/2)‖x_{t+1} − x_t‖ lacks the square (‖x_{t+1} − x_t‖² is meant, as the next line expands it), and step (1) cites \"the independence of ζ_t^i\" where the noise ξ_t^i is meant (ζ is the constant of Assumption 2).",
		ours:  "we read the squared norm and the noise ξ_t^i.",
	},
	{
		where: "The lemma of the decrease per epoch (Lemma 4), Appendix A",
		what:  "the line before step (1) expands E (L/2)‖x_{t+1} − x_t‖² = (γ²L/2) E‖g_t + Σ_i ξ_t^i‖² as (γ²L/2)(‖g_t‖² + ‖Σ_i ξ_t^i‖²): the cross-term γ²L E⟨g_t, Σ_i ξ_t^i⟩ is dropped, and it need not vanish, since g_t = Σ_i ∇f_{r_i}(x_t^i) is taken at iterates that depend on the earlier noise (g_t is also written without the expectation). The other cross-terms do vanish: E⟨∇f(x_t), Σ_i ξ_t^i⟩ = 0 since ∇f(x_t) is fixed within the epoch and the noise has mean zero, and step (1) itself, E‖Σ_i ξ_t^i‖² = Σ_i E‖ξ_t^i‖², holds because each ξ_t^i has mean zero given the steps before it (the paper cites independence).",
		ours:  "noted in ordering.Theorem1ProofBound's documentation; we do not rely on the derivation: theorem-1-noise measures the averages with oracle noise against the displayed bounds.",
	},
	{
		where: "The lemma of the decrease per epoch (Lemma 4), Appendix A",
		what:  "the ≤ line three lines after step (1) bounds the noise term (γ²L/2) Σ_i E‖ξ_t^i‖² by (γ²Ln/2)ζ² + (γn/2)γLP‖∇f(x_t)‖² (the second folded into the factor (1 − γLP) of ‖∇f(x_t)‖²), that is each E‖ξ_t^i‖² by ζ² + P‖∇f(x_t)‖²; but ξ_t^i is drawn at the iterate x_t^i, and Assumption 2 bounds it by ζ² + P‖∇f(x_t^i)‖², with the gradient at x_t^i, not at x_t. Lemma 5 does it right: it keeps P Σ_i ‖∇f(x_t^i)‖² and splits it into 2P Σ_i ‖∇f(x_t^i) − ∇f(x_t)‖², with P‖∇f(x_t^i) − ∇f(x_t)‖² ≤ PL²‖x_t^i − x_t‖², and 2P Σ_i ‖∇f(x_t)‖²; done so here it adds a term of order γ²LPL²V_t to the lemma, which the γL²V_t term's constant would have to absorb.",
		ours:  "noted beside the lemma's other slips; we do not rely on the derivation: theorem-1-noise (P = 1) measures the averages with oracle noise drawn at each iterate against the displayed bounds.",
	},
	{
		where: "The lemma of the decrease per epoch (Lemma 4), Appendix A",
		what:  "the chain bounding ‖∇f(x_t) − g_t/n‖² writes 2‖(1/n) Σ_i (∇f_{r_i}(x_t) − ∇f(x_t))‖² as 2φ_n²(x_t), dropping the 1/n² (φ_n² is defined without the 1/n).",
		ours:  "we read the term as 2‖(1/n) Σ_i (∇f_{r_i}(x_t) − ∇f(x_t))‖², the quantity Assumption 3 bounds, as the next step does.",
	},
	{
		where: "The lemma of the decrease per epoch (Lemma 4), Appendix A",
		what:  "the last step bounds that term by (1/4)‖∇f(x_t)‖², where Assumption 3 (‖(1/n)Σ(∇f_{r_i} − ∇f)‖² ≤ ‖∇f‖²/4) gives (1/2)‖∇f(x_t)‖²: ½, not ¼. With ½ the coefficient of −γn‖∇f(x_t)‖² is (1/2)(1/2 − γLP), which the lemma's own step limit γ < 1/(2L(n + P)) keeps above 1/8 while P ≤ n (there γLP < P/(2(n + P)) ≤ 1/4) but not once P > n (then γLP may come near P/(2(n + P)) > 1/4); but Theorem 1's step limit γ < 1/(8L(n + nM* + P)) gives γLP < 1/8, so the coefficient is above (1/2)(3/8) > 1/8 and the −γn/8 decrease holds where the theorem uses the lemma.",
		ours:  "noted in ordering.Theorem1ProofBound's documentation; the theorem's statement is not affected under its own step limit, and theorem-1-noise (P = 1) checks the displayed bounds by measurement.",
	},
	{
		where: "The lemma bounding V_t (Lemma 5), Appendix A",
		what:  "the first line writes ‖x_t^k − x_t‖² = γ²‖Σ_{i<k} ∇f_{r_i}(x_t^i)‖² + γ²‖Σ_{i<k} ξ_t^i‖², dropping the same noise cross-term 2γ²⟨Σ_i ∇f_{r_i}(x_t^i), Σ_i ξ_t^i⟩ as Lemma 4 (it need not vanish, even in expectation), and the second line applies Assumption 2, a bound on E‖ξ‖², to ‖ξ_t^i‖² pointwise, without the expectation.",
		ours:  "noted beside Lemma 4's; we do not rely on the derivation: theorem-1-noise measures the averages with oracle noise against the displayed bounds.",
	},
	{
		where: "The lemma bounding V_t (Lemma 5), Appendix A",
		what:  "summing the per-k bound, whose σ*² term is 4γ²σ*², over k = 1 … n gives 4γ²nσ*², but the display has 2γ²nσ*² (so 8γ²nσ*², not 4γ²nσ*², after dividing by 1/2); and the last step uses (1 + M*)(2n − 1)n(n − 1) + 3Pn(n − 1) ≤ n²(n + nM* + P), which needs (2n − 1)(n − 1) ≤ n² for the M* part, false for n ≥ 3, and 3(n − 1) ≤ n for the P part, false for n ≥ 2.",
		ours:  "noted in ordering.Theorem1ProofBound's documentation; Theorem1ProofBound implements the proof's last display as written, and theorem-1 and theorem-1-noise check measured averages against it and against the statement.",
	},
	{
		where: "The lemma bounding V_t (Lemma 5), Appendix A",
		what:  "the statement reads Σ_k ‖x_t^k − x_t‖² ≤ 4γ²n³‖f(x_t)‖² + 4γ²nσ*²: the gradient ‖∇f(x_t)‖ is meant, and the M*, P and ζ terms its own proof carries to the last line, (4/3)γ²n²(n + nM* + P)‖∇f(x_t)‖² + 4γ²nσ*² + 2γ²n²ζ², are dropped.",
		ours:  "we use the proof's last line, which is what the proof of Theorem 1 uses; the step limit of ordering.Theorem1Bound is the theorem's.",
	},
	{
		where: "Lemma 2 (Section 5.3) against its proof (Appendix B)",
		what:  "the lemma states a bound on E σ*²(r_full), the expectation of the largest φ² over the prefixes of one sequence, but the proof bounds E φ²_{r_full,k} for each prefix k, that is max_k E φ², which can be smaller (E max ≥ max E).",
		ours:  "two-level-lemma measures both by Monte Carlo: it judges max_k E φ²_{r,k}, the proof's quantity, against the proof's bound with its constants, and reports E max_k φ²_{r,k}, the statement's, beside, not judged: its exponent in NK²σ_top² + (m + N(m − K))σ_low² across the configurations (the O(·)'s rate) and its ratio to the proof's bound.",
	},
	{
		where: "Appendix B, proof of Lemma 2",
		what:  "the expansion of the top-level term is garbled: it writes c(Σ_{j≤b} ∇f_{r_{a,j}} − ∇f) + (Σ_{j≤b−1} ∇f_{r_{a,j}} − ∇f) for the top-level part of a prefix of (aN+b)K+c steps, and the next line bounds its square by 2E c²φ_{b} + φ_{b−1} without the squares on φ.",
		ours:  "we do not rely on the derivation: two-level-lemma measures max_k E φ²_{r,k} by Monte Carlo against the lemma's final bound 3m(1 + N(1 − (K−1)/(m−1)))σ_low² + 2NK²σ_top².",
	},
	{
		where: "Appendix C, last line (the lower bound on σ*)",
		what:  "σ² ≤ 4σ*² is concluded as \"σ_* ∈ Ω(σ²)\"; σ*² ∈ Ω(σ²) is meant (Section 4.1 states it so).",
		ours:  "appendix-c-lower-bound checks 4σ*²/σ² ≥ 1.",
	},
}
