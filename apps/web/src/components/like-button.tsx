import { Button } from './ui/button';
import { LikeIcon } from './ui/icons';
import { formatCount } from '@/lib/formatters';

type LikeButtonProps = {
  liked: boolean;
  likes: number;
  onToggle: () => void;
  /** While the toggle is on its way a click does nothing; the button keeps its focus (no `disabled`). */
  pending?: boolean;
  size?: 'sm' | 'md';
  /** What is liked, for screen readers: 'Like' or e.g. 'Like comment'. */
  label?: string;
};

/** The like toggle of videos, posts and comments: pressed when liked, with the count. */
export function LikeButton({ liked, likes, onToggle, pending = false, size = 'md', label = 'Like' }: LikeButtonProps) {
  return (
    <Button
      variant={liked ? 'light' : size === 'sm' ? 'ghost' : 'secondary'}
      size={size}
      aria-pressed={liked}
      aria-disabled={pending || undefined}
      data-testid="like-button"
      onClick={() => {
        if (!pending) onToggle();
      }}
    >
      <LikeIcon />
      <span className="sr-only">{label}</span>
      <span data-testid="like-count">{formatCount(likes)}</span>
    </Button>
  );
}
