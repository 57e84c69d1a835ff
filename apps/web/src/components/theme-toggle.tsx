import { Button } from '@/components/ui/button';
import { MoonIcon, SunIcon } from '@/components/ui/icons';
import { chooseTheme, useTheme } from '@/lib/theme';

/** The top bar's theme switch: shows the other theme's icon and switches to it, stored for next time. */
export function ThemeToggle() {
  const theme = useTheme();
  const next = theme === 'light' ? 'dark' : 'light';
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      onClick={() => chooseTheme(next)}
    >
      {next === 'light' ? <SunIcon /> : <MoonIcon />}
    </Button>
  );
}
