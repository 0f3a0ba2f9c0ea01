//! A slider dragged by a finger: the value follows the finger's sideways movement from where the
//! drag started, never faster than one step per [`FINGER_PX`] CSS pixels, so that a phone's short
//! track still gives every value to a finger (`ui::finger::FingerTrack` uses it).

/// The fewest CSS pixels a finger moves for one step of a slider.
pub const FINGER_PX: f64 = 3.0;

/// The value of a slider from `min` to `max` by `step`, drawn `width` px wide, after a finger
/// that started on it at value `start` has moved `moved` px sideways (right is up).
///
/// One step takes the track's own pixels per step (`width · step / (max − min)`), or
/// [`FINGER_PX`] where those are fewer: a coarse slider moves as its thumb would, a fine one
/// slower than the finger. The value is rounded to a whole number of steps from `start` and held
/// within `min…max`.
///
/// ```
/// use pe_explorer::render::finger::dragged_value;
/// // pos 0…99 on a 132 px track: 1.3 px a step on the track, so 3 px a step for a finger.
/// assert_eq!(dragged_value(50.0, 30.0, 132.0, 0.0, 99.0, 1.0), 60.0);
/// assert_eq!(dragged_value(50.0, -4.0, 132.0, 0.0, 99.0, 1.0), 49.0);
/// assert_eq!(dragged_value(50.0, 1000.0, 132.0, 0.0, 99.0, 1.0), 99.0);
/// // Six steps on 300 px: 50 px a step, as the thumb moves.
/// assert_eq!(dragged_value(2.0, 110.0, 300.0, 0.0, 6.0, 1.0), 4.0);
/// ```
pub fn dragged_value(start: f64, moved: f64, width: f64, min: f64, max: f64, step: f64) -> f64 {
    if !(step > 0.0 && max > min) {
        return start.clamp(min.min(max), max.max(min));
    }
    let track_px = width.max(0.0) * step / (max - min);
    let steps = (moved / track_px.max(FINGER_PX)).round();
    (start + steps * step).clamp(min, max)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_finger_never_moves_a_fine_slider_more_than_one_step_per_three_pixels() {
        for width in [100.0, 132.0, 300.0] {
            for moved in -400..=400 {
                let moved = moved as f64;
                let value = dragged_value(500.0, moved, width, 0.0, 1000.0, 1.0);
                assert!(
                    (value - 500.0).abs() <= (moved.abs() / FINGER_PX).round(),
                    "{width} px, {moved} px: {value}"
                );
            }
        }
    }

    #[test]
    fn a_drag_back_to_where_it_started_gives_the_start_value() {
        for start in [0.0, 7.0, 99.0] {
            assert_eq!(dragged_value(start, 0.0, 132.0, 0.0, 99.0, 1.0), start);
        }
    }

    #[test]
    fn a_slider_without_range_keeps_its_value() {
        assert_eq!(dragged_value(4.0, 50.0, 132.0, 4.0, 4.0, 1.0), 4.0);
        assert_eq!(dragged_value(4.0, 50.0, 0.0, 0.0, 8.0, 0.0), 4.0);
    }
}
