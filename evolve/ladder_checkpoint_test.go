package evolve

import (
	"bytes"
	"context"
	"reflect"
	"testing"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/testkit"
)

// TestCheckpointLadderSkill: a checkpoint keeps the ladder skill's
// configuration, so that a run scored by a ladder decodes to itself,
// encodes to the same bytes and resumes to the end the uninterrupted run
// reaches.
func TestCheckpointLadderSkill(t *testing.T) {
	cfg := tinyConfig()
	cfg.Skill, cfg.Ladder, cfg.LadderGames, cfg.SkillGames = SkillLadder, "random,greedy,ismcts:2", 2, 0
	full, recs := runRecordedFrom(t, cfg, []*genome.Genome{testkit.SeedGenome(t, "crazy-eights")})
	for _, r := range recs {
		got, err := decode(t, r.buf)
		if err != nil {
			t.Fatalf("generation %d: %v", r.want.Gen, err)
		}
		if d := diff(got, r.want); d != "" {
			t.Fatalf("generation %d: decoded checkpoint differs: %s", r.want.Gen, d)
		}
		again, err := EncodeCheckpoint(got)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(again, r.buf) {
			t.Errorf("generation %d: re-encoding gives other bytes", r.want.Gen)
		}
		res, err := Resume(context.Background(), got, 2, Options{})
		if err != nil {
			t.Fatalf("generation %d: %v", r.want.Gen, err)
		}
		if !reflect.DeepEqual(summary(res), summary(full)) {
			t.Fatalf("resumed from generation %d: result differs from the uninterrupted run", r.want.Gen)
		}
	}
}
