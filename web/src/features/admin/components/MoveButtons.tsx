/** Up and down for one row of a list ordered by hand (the keyboard's and the phone's way beside dragging). */
import { ArrowDown, ArrowUp } from 'lucide-react';

const ROUND = 'inline-flex size-10 items-center justify-center rounded-full hover:bg-sand disabled:opacity-40';

export function MoveButtons(props: {
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  upLabel: string;
  downLabel: string;
}) {
  const { index, count, onMove } = props;
  return (
    <>
      <button type="button" onClick={() => onMove(index, index - 1)} disabled={index === 0} aria-label={props.upLabel} className={ROUND}>
        <ArrowUp aria-hidden="true" className="size-4" />
      </button>
      <button
        type="button"
        onClick={() => onMove(index, index + 1)}
        disabled={index === count - 1}
        aria-label={props.downLabel}
        className={ROUND}
      >
        <ArrowDown aria-hidden="true" className="size-4" />
      </button>
    </>
  );
}
