/**
 * Out of sight but read by assistive technology (live regions, labels of hidden inputs). Sizes in
 * pixels as strings: in MUI's sx a number up to 1 is a fraction of the parent, and a "1" wide
 * region as wide as the page would widen it wherever it is placed.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} as const;
