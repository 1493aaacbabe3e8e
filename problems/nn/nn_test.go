// Copyright ©2026 The goodorder Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package nn

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"github.com/goodorder/goodorder/ordering"
)

// synthetic returns n examples of dim values in [0, 1] with labels from
// classes, the class shifting the mean of a few coordinates so that the
// set is learnable.
func synthetic(n, dim, classes int, seed uint64) ([]float32, []uint8) {
	rnd := rand.New(rand.NewPCG(seed, 1))
	x := make([]float32, n*dim)
	y := make([]uint8, n)
	for i := range y {
		c := rnd.IntN(classes)
		y[i] = uint8(c)
		for j := 0; j < dim; j++ {
			v := 0.3 * rnd.Float64()
			if j%classes == c {
				v += 0.6
			}
			x[i*dim+j] = float32(v)
		}
	}
	return x, y
}

// refLoss is a plain float64 implementation of the MLP's mean loss, the
// reference for the gradient check.
func refLoss(m *MLP, w []float64, x []float32, y []uint8) float64 {
	d := m.sizes[0]
	var total float64
	for e := range y {
		a := make([]float64, d)
		for j := range a {
			a[j] = float64(x[e*d+j])
		}
		total += refHead(m, w, a, y[e])
	}
	return total / float64(len(y))
}

// TestMLPGradient checks LossGrad, computed in float32, against central
// finite differences of refLoss in float64 with h = 1e-6: the truncation
// error is O(h²) and the rounding error about 1e-16/h = 1e-10, far below
// the tolerance, 1e-4 relative to the largest gradient entry, which
// allows for float32 arithmetic in LossGrad (unit roundoff 6e-8 times
// sums of tens of terms). A ReLU kink within h of the point would spoil a
// difference quotient; with pre-activations spread over about ±1 that has
// a chance of about 1e-6 per coordinate and example.
func TestMLPGradient(t *testing.T) {
	for _, sizes := range [][]int{{5, 3}, {6, 4, 3}, {7, 5, 4, 3}, {12, 8, 10}} {
		m, err := NewMLP(sizes...)
		if err != nil {
			t.Fatal(err)
		}
		x, y := synthetic(40, sizes[0], sizes[len(sizes)-1], 2)
		checkLossGrad(t, fmt.Sprint(sizes), m, 3, x, y, func(w []float64) float64 { return refLoss(m, w, x, y) })
	}
}

// checkLossGrad checks the loss and gradient of one batch of all the
// examples x, y, computed by a workspace of net at the weights Init draws
// from seed, against the float64 reference loss ref: the loss to 1e-5
// relative, the gradient with checkFD.
func checkLossGrad(t *testing.T, name string, net Net, seed uint64, x []float32, y []uint8, ref func(w []float64) float64) {
	t.Helper()
	w := make([]float64, net.NumParams())
	net.Init(w, seed)
	g := make([]float64, len(w))
	loss := net.NewWorkspace(len(y)).LossGrad(g, w, x, y)
	if r := ref(w); math.Abs(loss-r) > 1e-5*r {
		t.Errorf("%s: loss %v, reference %v", name, loss, r)
	}
	checkFD(t, name, w, g, ref)
}

// checkFD compares g with central differences of the float64 reference
// loss at w, h = 1e-6, tolerance 1e-4 of the largest entry of g (see
// TestMLPGradient).
func checkFD(t *testing.T, name string, w, g []float64, loss func([]float64) float64) {
	t.Helper()
	scale := 0.0
	for _, v := range g {
		scale = math.Max(scale, math.Abs(v))
	}
	const h = 1e-6
	wp := slices.Clone(w)
	for i := range w {
		wp[i] = w[i] + h
		fp := loss(wp)
		wp[i] = w[i] - h
		fm := loss(wp)
		wp[i] = w[i]
		if fd := (fp - fm) / (2 * h); math.Abs(fd-g[i]) > 1e-4*scale {
			t.Errorf("%s: ∂f/∂w[%d] = %.6g, finite difference %.6g", name, i, g[i], fd)
		}
	}
}

// checkCorrect checks that correct, the count of Score, is the number of
// the predictions pred of Predict that equal their labels in y.
func checkCorrect(t *testing.T, pred, y []uint8, correct int) {
	t.Helper()
	c := 0
	for i, p := range pred {
		if p == y[i] {
			c++
		}
	}
	if c != correct {
		t.Errorf("Score counts %d correct, Predict %d", correct, c)
	}
}

func TestMLPBasics(t *testing.T) {
	m, err := NewMLP(784, 128, 10)
	if err != nil {
		t.Fatal(err)
	}
	if m.NumParams() != 784*128+128+128*10+10 {
		t.Errorf("NumParams = %d, want 101770", m.NumParams())
	}
	x, y := synthetic(100, 784, 10, 4)
	w := make([]float64, m.NumParams())
	m.Init(w, 1)
	ws := m.NewWorkspace(64)
	// At PyTorch's initialisation the logits are small, so the loss is
	// near ln 10.
	loss := ws.LossGrad(nil, w, x[:64*784], y[:64])
	if math.Abs(loss-math.Log(10)) > 0.2 {
		t.Errorf("initial loss %v, want about ln 10 = %v", loss, math.Log(10))
	}
	// Score and Predict agree with each other and with the loss.
	pred := ws.Predict(nil, w, x[:64*784])
	l2, correct := ws.Score(w, x[:64*784], y[:64])
	if l2 != loss {
		t.Errorf("Score loss %v, LossGrad %v", l2, loss)
	}
	checkCorrect(t, pred, y, correct)
	// One workspace serves batches of every size up to its maximum, and
	// a batch's loss is the mean of its examples' losses.
	var sum float64
	for i := 0; i < 5; i++ {
		sum += ws.LossGrad(nil, w, x[i*784:(i+1)*784], y[i:i+1])
	}
	if got := ws.LossGrad(nil, w, x[:5*784], y[:5]); math.Abs(got-sum/5) > 1e-6 {
		t.Errorf("batch of 5: loss %v, mean of single losses %v", got, sum/5)
	}
	for _, sizes := range [][]int{{}, {5}, {5, 1}, {0, 3}, {5, -1, 3}} {
		if _, err := NewMLP(sizes...); err == nil {
			t.Errorf("NewMLP(%v): no error", sizes)
		}
	}
}

// TestMLPDeterministic checks that results do not depend on GOMAXPROCS
// or on repeating a call.
func TestMLPDeterministic(t *testing.T) {
	m, _ := NewMLP(50, 20, 10)
	x, y := synthetic(64, 50, 10, 5)
	w := make([]float64, m.NumParams())
	m.Init(w, 2)
	grads := func() []float64 {
		g := make([]float64, len(w))
		m.NewWorkspace(64).LossGrad(g, w, x, y)
		return g
	}
	a := grads()
	prev := runtime.GOMAXPROCS(1)
	b := grads()
	runtime.GOMAXPROCS(prev)
	if !slices.Equal(a, b) || !slices.Equal(a, grads()) {
		t.Error("gradients differ between GOMAXPROCS 1 and 2, or between calls")
	}
	w2 := make([]float64, len(w))
	m.Init(w2, 2)
	if !slices.Equal(w, w2) {
		t.Error("Init is not reproducible")
	}
}

func TestBatchProblem(t *testing.T) {
	m, _ := NewMLP(8, 6, 3)
	x, y := synthetic(30, 8, 3, 6)
	batches := [][]int{{0, 1, 2}, {5, 4}, {29}}
	p, err := NewBatchProblem(m, x, y, batches)
	if err != nil {
		t.Fatal(err)
	}
	w := make([]float64, m.NumParams())
	m.Init(w, 1)
	ws := m.NewWorkspace(3)
	g, want := make([]float64, len(w)), make([]float64, len(w))
	for i, b := range batches {
		var bx []float32
		var by []uint8
		for _, j := range b {
			bx = append(bx, x[j*8:(j+1)*8]...)
			by = append(by, y[j])
		}
		p.CompGrad(g, i, w)
		wl := ws.LossGrad(want, w, bx, by)
		if !slices.Equal(g, want) || p.CompFunc(i, w) != wl {
			t.Errorf("batch %d: CompGrad/CompFunc differ from LossGrad on its examples", i)
		}
	}
	bad := []struct {
		name    string
		batches [][]int
		y       []uint8
	}{
		{"empty batch", [][]int{{0}, {}}, y},
		{"index out of range", [][]int{{0, 30}}, y},
		{"negative index", [][]int{{-1}}, y},
		{"no batches", nil, y},
		{"label too large", [][]int{{0}}, append([]uint8{3}, y[1:]...)},
		{"labels and inputs disagree", [][]int{{0}}, y[:29]},
	}
	for _, b := range bad {
		if _, err := NewBatchProblem(m, x, b.y, b.batches); err == nil {
			t.Errorf("%s: no error", b.name)
		}
	}
}

// TestTrain trains the MLP on a learnable synthetic set with
// ordering.Run, RR over examples in batches of 16 with momentum, and
// checks that it learns it.
func TestTrain(t *testing.T) {
	if testing.Short() {
		t.Skip("training run")
	}
	m, _ := NewMLP(20, 16, 4)
	checkLearns(t, "MLP", m)
}

// checkLearns trains net on a learnable synthetic set of 512 examples
// with ordering.Run (RR over examples in batches of 16, momentum 0.9, 20
// epochs) and checks that it learns it: from below 0.5 accuracy to above
// 0.95.
func checkLearns(t *testing.T, name string, net Net) {
	t.Helper()
	x, y := synthetic(512, net.InDim(), 4, 7)
	p, err := NewBatchProblem(net, x, y, ordering.StandardBatches(nil, seq(512), 16))
	if err != nil {
		t.Fatal(err)
	}
	w := make([]float64, net.NumParams())
	net.Init(w, 1)
	acc0, _, err := Evaluate(net, w, x, y)
	if err != nil {
		t.Fatal(err)
	}
	rr, _ := ordering.NewRR(p.Len(), 1)
	res, err := ordering.Run(p, w, rr, &ordering.Settings{Epochs: 20, Step: ordering.Constant(0.05), Momentum: 0.9, SkipEval: true})
	if err != nil {
		t.Fatal(err)
	}
	acc, loss, err := Evaluate(net, res.X, x, y)
	if err != nil {
		t.Fatal(err)
	}
	if acc < 0.95 || acc0 > 0.5 {
		t.Errorf("%s: accuracy %.3f before and %.3f after training (loss %.3g); want below 0.5 and above 0.95", name, acc0, acc, loss)
	}
}

func seq(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}

func FuzzNewBatchProblem(f *testing.F) {
	f.Add(uint8(4), uint8(3), uint8(2), []byte{0, 1, 2, 255, 3})
	f.Fuzz(func(t *testing.T, in, hidden, classes uint8, spec []byte) {
		m, err := NewMLP(int(in), int(hidden), int(classes))
		if err != nil {
			return
		}
		n := 10
		x := make([]float32, n*int(in))
		y := make([]uint8, n)
		for i := range y {
			y[i] = uint8(i % max(1, int(classes)))
		}
		// spec: 255 starts a new batch, other bytes are indices (may be out of range).
		var batches [][]int
		cur := []int{}
		for _, b := range spec {
			if b == 255 {
				batches = append(batches, cur)
				cur = []int{}
				continue
			}
			cur = append(cur, int(b)-2)
		}
		batches = append(batches, cur)
		p, err := NewBatchProblem(m, x, y, batches)
		if err != nil {
			return
		}
		w := make([]float64, m.NumParams())
		m.Init(w, 1)
		g := make([]float64, len(w))
		for i := 0; i < p.Len(); i++ {
			p.CompGrad(g, i, w)
			if math.IsNaN(p.CompFunc(i, w)) {
				t.Fatal("NaN loss")
			}
		}
	})
}

// TestWorkspaceSizes evaluates every batch size up to a workspace's
// maximum, across the size where it starts splitting batches, and, for
// the networks whose im2col matrices are formed in blocks (the default
// CNN, CIFARConfig's and the small DeepCNN), batches whose blocks differ
// from the largest batch's.
func TestWorkspaceSizes(t *testing.T) {
	mlp, _ := NewMLP(6, 5, 3)
	small, _ := NewCNN(CNNConfig{C: 1, H: 10, W: 10, K: 3, Conv1: 2, Conv2: 2, Hidden: 3, Classes: 3})
	mnist, _ := NewCNN(CNNConfig{Classes: 3})
	c := CIFARConfig()
	c.Classes = 3
	cifar, _ := NewCNN(c)
	deep, _ := NewDeepCNN(DeepCNNConfig{H: 12, W: 12, Width: 4, Stages: 2, Residual: true, Classes: 3})
	for _, test := range []struct {
		name      string
		net       Net
		maxBatchs []int
		slow      bool
	}{
		{"MLP", mlp, []int{1, 7, 8, 31, 32, 33, 64}, false},
		{"small CNN", small, []int{1, 7, 8, 31, 32, 33, 64}, false},
		{"default CNN", mnist, []int{64}, true},
		{"CIFAR CNN", cifar, []int{64}, true},
		{"small DeepCNN", deep, []int{1, 7, 8, 31, 32, 33, 64}, false},
	} {
		if test.slow && testing.Short() {
			continue
		}
		net := test.net
		for _, maxBatch := range test.maxBatchs {
			x, y := synthetic(maxBatch, net.InDim(), 3, 9)
			w := make([]float64, net.NumParams())
			net.Init(w, 1)
			ws := net.NewWorkspace(maxBatch)
			g := make([]float64, len(w))
			for b := 1; b <= maxBatch; b++ {
				loss := ws.LossGrad(g, w, x[:b*net.InDim()], y[:b])
				if math.IsNaN(loss) || len(ws.Predict(nil, w, x[:b*net.InDim()])) != b {
					t.Fatalf("%s, workspace %d, batch %d: loss %v", test.name, maxBatch, b, loss)
				}
			}
		}
	}
}
