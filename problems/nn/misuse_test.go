// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package nn

import (
	"testing"

	"github.com/goodorder/goodorder/internal/misuse"
)

// TestMisuse checks the edges of the package's API: bad sizes and data
// return an error naming the value, misuse panics with its documented
// message, and nothing allocates what it cannot.
func TestMisuse(t *testing.T) {
	mlp, err := NewMLP(4, 3, 10)
	if err != nil {
		t.Fatal(err)
	}
	w := make([]float64, mlp.NumParams())
	mlp.Init(w, 1)
	w32 := make([]float32, len(w))
	x, y := synthetic(3, 4, 10, 1)
	bad := []uint8{1, 2, 12} // label 12 of 10 classes
	// A network whose buffers take about 3·2^20 values per example, so a
	// workspace holds at most (2^28 - 4·2^20)/(3·2^20) ≈ 83 examples (its
	// gradient takes 4·2^20 values).
	wide, err := NewMLP(1, 1<<20, 2)
	if err != nil {
		t.Fatal(err)
	}
	wideX := make([]float32, 100)
	wideY := make([]uint8, 100)
	all := func(n int) [][]int {
		b := make([]int, n)
		for i := range b {
			b[i] = i
		}
		return [][]int{b}
	}
	newBP := func(net Net, x []float32, y []uint8, batches [][]int) func() error {
		return func() error { _, err := NewBatchProblem(net, x, y, batches); return err }
	}
	newMLP := func(sizes ...int) func() error {
		return func() error { _, err := NewMLP(sizes...); return err }
	}
	newCNN := func(c CNNConfig) func() error {
		return func() error { _, err := NewCNN(c); return err }
	}
	newDeep := func(c DeepCNNConfig) func() error {
		return func() error { _, err := NewDeepCNN(c); return err }
	}
	panics := func(f func()) func() error { return func() error { f(); return nil } }

	misuse.Run(t, []misuse.Case{
		// Sizes that could not be allocated, and other bad sizes.
		{Name: "NewMLP 2^20×2^20", Call: newMLP(1<<20, 1<<20, 10), Err: "more than 2^27 parameters"},
		{Name: "NewMLP one size", Call: newMLP(784), Err: "sizes [784], want an input and an output size"},
		{Name: "NewMLP size 0", Call: newMLP(784, 0, 10), Err: "layer 1 of size 0"},
		{Name: "NewMLP size 2^21", Call: newMLP(784, 1<<21, 10), Err: "layer 1 of size 2097152"},
		{Name: "NewMLP one class", Call: newMLP(784, 128, 1), Err: "layer 2 of size 1"},
		{Name: "NewCNN parameters", Call: newCNN(CNNConfig{H: 64, W: 64, K: 20, Conv1: 4096, Conv2: 4096}), Err: "parameters, want at most 2^27"},
		{Name: "NewCNN buffers", Call: newCNN(CNNConfig{C: 4096, H: 4096, W: 4096, K: 3, Conv1: 1, Conv2: 1, Hidden: 1}), Err: "more than 2^28 values for one example"},
		{Name: "NewCNN size -1", Call: newCNN(CNNConfig{Conv1: -1}), Err: "Conv1:-1"},
		{Name: "NewCNN size 5000", Call: newCNN(CNNConfig{Hidden: 5000}), Err: "Hidden:5000"},
		{Name: "NewCNN not square", Call: newCNN(CNNConfig{H: 28, W: 30}), Err: "28×30"},
		{Name: "NewCNN too small", Call: newCNN(CNNConfig{K: 20}), Err: "28×28 too small for two 20×20"},
		{Name: "NewDeepCNN parameters", Call: newDeep(DeepCNNConfig{Width: 4096, Stages: 1, Convs: 4}), Err: "parameters or more, want at most 2^27"},
		{Name: "NewDeepCNN buffers", Call: newDeep(DeepCNNConfig{C: 4096, H: 4096, W: 4096, Width: 1, Stages: 1, Convs: 1}), Err: "more than 2^28 values for one example"},
		{Name: "NewDeepCNN width", Call: newDeep(DeepCNNConfig{Width: 1024, Stages: 4}), Err: "want 1 to 8 stages of at most 4096 filters"},
		{Name: "NewDeepCNN not square", Call: newDeep(DeepCNNConfig{H: 28, W: 30}), Err: "28×30"},
		{Name: "NewDeepCNN too small", Call: newDeep(DeepCNNConfig{H: 3, W: 3, Stages: 3}), Err: "3×3 too small for 3 stages"},
		{Name: "NewDeepCNN one class", Call: newDeep(DeepCNNConfig{Classes: 1}), Err: "want 2 or more classes"},
		{Name: "NewWorkspace 2^40", Call: panics(func() { mlp.NewWorkspace(1 << 40) }), Panic: errWorkspace},
		{Name: "NewWorkspace 0", Call: panics(func() { mlp.NewWorkspace(0) }), Panic: "nn: workspace for an empty batch"},

		// BatchProblem.
		{Name: "NewBatchProblem nil", Call: newBP(nil, x, y, all(3)), Panic: errNilNet},
		{Name: "NewBatchProblem nil *MLP", Call: newBP((*MLP)(nil), x, y, all(3)), Panic: errNilNet},
		{Name: "NewBatchProblem nil *CNN", Call: newBP((*CNN)(nil), x, y, all(3)), Panic: errNilNet},
		{Name: "NewBatchProblem nil *DeepCNN", Call: newBP((*DeepCNN)(nil), x, y, all(3)), Panic: errNilNet},
		{Name: "NewBatchProblem label", Call: newBP(mlp, x, bad, all(3)), Err: "example 2 has label 12, want < 10"},
		{Name: "NewBatchProblem lengths", Call: newBP(mlp, x[:5], y, all(3)), Err: "5 input values for 3 labels of 4 values"},
		{Name: "NewBatchProblem no batches", Call: newBP(mlp, x, y, nil), Err: "no batches"},
		{Name: "NewBatchProblem empty batch", Call: newBP(mlp, x, y, [][]int{{0}, {}}), Err: "batch 1 is empty"},
		{Name: "NewBatchProblem index", Call: newBP(mlp, x, y, [][]int{{0, 3}}), Err: "batch 0 holds example 3, want [0, 3)"},
		{Name: "NewBatchProblem index -1", Call: newBP(mlp, x, y, [][]int{{-1}}), Err: "example -1"},
		{Name: "NewBatchProblem batch too large", Call: newBP(wide, wideX, wideY, all(100)), Err: "batch 0 holds 100 examples, want at most 83"},
		{Name: "zero BatchProblem Func", Call: panics(func() { new(BatchProblem).Func(w) }), Panic: "nn: BatchProblem not made by NewBatchProblem"},

		// Evaluate and CheckExamples.
		{Name: "CheckExamples label", Call: func() error { return CheckExamples(mlp, x, bad) }, Err: "example 2 has label 12, want < 10"},
		{Name: "CheckExamples lengths", Call: func() error { return CheckExamples(mlp, x, y[:2]) }, Err: "12 input values for 2 labels"},
		{Name: "CheckExamples nil", Call: func() error { return CheckExamples(nil, x, y) }, Panic: errNilNet},
		{Name: "Evaluate label", Call: func() error { _, _, err := Evaluate(mlp, w, x, bad); return err }, Err: "example 2 has label 12, want < 10"},
		{Name: "Evaluate nil", Call: panics(func() { Evaluate(nil, w, x, y) }), Panic: errNilNet},
		{Name: "Evaluate lengths", Call: func() error { _, _, err := Evaluate(mlp, w, x[:5], y); return err }, Err: "5 input values for 3 labels of 4 values"},
		{Name: "Evaluate parameters", Call: panics(func() { Evaluate(mlp, w[1:], x, y) }), Panic: "nn: wrong parameter, gradient or input length"},
		{Name: "Init length", Call: panics(func() { mlp.Init(w[1:], 1) }), Panic: "nn: wrong parameter length"},
		{Name: "LossGrad batch", Call: panics(func() { mlp.NewWorkspace(2).LossGrad(nil, w, x, y) }), Panic: "nn: batch size does not match the labels or exceeds the workspace"},

		// MLPWorkspace32.
		{Name: "NewMLPWorkspace32 nil", Call: panics(func() { NewMLPWorkspace32(nil, 3) }), Panic: errNilNet},
		{Name: "NewMLPWorkspace32 2^40", Call: panics(func() { NewMLPWorkspace32(mlp, 1<<40) }), Panic: errWorkspace},
		{Name: "NewMLPWorkspace32 0", Call: panics(func() { NewMLPWorkspace32(mlp, 0) }), Panic: "nn: workspace for an empty batch"},
		{Name: "MLPWorkspace32 LossGrad batch", Call: panics(func() { NewMLPWorkspace32(mlp, 2).LossGrad(nil, w32, x, y) }), Panic: "nn: batch size does not match the labels or exceeds the workspace"},
		{Name: "MLPWorkspace32 LossGrad gradient", Call: panics(func() { NewMLPWorkspace32(mlp, 3).LossGrad(w32[1:], w32, x, y) }), Panic: "nn: wrong parameter, gradient or input length"},
		{Name: "MLPWorkspace32 LossGrad label", Call: panics(func() { NewMLPWorkspace32(mlp, 3).LossGrad(nil, w32, x, bad) }), Panic: "nn: label out of range"},
		{Name: "MLPWorkspace32 ExampleGrads parameters", Call: panics(func() { NewMLPWorkspace32(mlp, 3).ExampleGrads(w32[1:], x, y, func(int, []float32) {}) }), Panic: "nn: wrong parameter, gradient or input length"},
		{Name: "MLPWorkspace32 ExampleGrads batch", Call: panics(func() { NewMLPWorkspace32(mlp, 2).ExampleGrads(w32, x, y, func(int, []float32) {}) }), Panic: "nn: batch size does not match the labels or exceeds the workspace"},
	})
}
