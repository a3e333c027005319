//! `spec/active-defense/block.md`: the Block score, what it can stop, one block a turn.

use crate::active_defense::defense_rolls::{attack_row, open};
use crate::active_defense::retreat::bonus as retreat_bonus;
use crate::bounds::non_negative;
use crate::spec::active_defense::block::{
    BLOCK_BASE, BLOCK_SKILL_DIVISOR, BLOCK_SKILLS, BLOCKS_PER_TURN, block, ids,
};
use crate::trace::Trace;
use crate::value::RuleError;

pub fn block(g: &block::Given, t: &mut Trace) -> Result<block::Outcome, RuleError> {
    let skill = BLOCK_SKILLS
        .iter()
        .find(|r| r.skill.eq_ignore_ascii_case(&g.skill))
        .ok_or_else(|| RuleError::Invalid(format!("`{}` is not a blocking skill", g.skill)))?;
    let earlier = g.earlier_blocks.unwrap_or(0);
    non_negative([("a skill", g.level), ("earlier blocks", earlier)])?;
    let score = i64::from(BLOCK_BASE) + g.level.div_euclid(BLOCK_SKILL_DIVISOR.into());
    t.step(
        ids::BLOCK_FIGURES,
        format!(
            "{} ({}): {BLOCK_BASE} + floor({} / {BLOCK_SKILL_DIVISOR}) = Block {score}",
            skill.skill, skill.blocks_with, g.level
        ),
    );
    let row = attack_row(&g.attack)?;
    let mut allowed = open(row.block, false)?;
    t.step(
        ids::WHAT_A_BLOCK_STOPS,
        format!("Block against {}: `{}`", row.attack.name, row.block),
    );
    if earlier >= i64::from(BLOCKS_PER_TURN) {
        allowed = false;
        t.step(
            ids::RULING_BLOCK_PER_TURN,
            format!(
                "{earlier} block(s) since the blocker's last turn, of {BLOCKS_PER_TURN} allowed"
            ),
        );
    }
    let mut effective = score;
    if g.retreat == Some(true) {
        if open(row.retreat, false)? {
            effective += retreat_bonus("Block", None, t)?;
        } else {
            t.step(
                ids::WHAT_A_BLOCK_STOPS,
                "a retreat goes with melee attacks only: no bonus",
            );
        }
    }
    t.step(
        ids::BLOCK,
        format!(
            "effective Block {effective}{}",
            if allowed {
                ""
            } else {
                ", but no block may be tried"
            }
        ),
    );
    Ok(block::Outcome {
        allowed,
        block: score,
        effective_block: effective,
    })
}
