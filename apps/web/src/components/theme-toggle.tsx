import { useTranslation } from '@/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { MoonIcon, SunIcon } from '@/components/ui/icons';
import { chooseTheme, useTheme } from '@/lib/theme';

/** The top bar's theme switch: shows the other theme's icon and switches to it, stored for next time. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const theme = useTheme();
  const next = theme === 'light' ? 'dark' : 'light';
  const label = t('theme.switch', { theme: t(`theme.${next}`) });
  return (
    <Button variant="ghost" size="icon" aria-label={label} title={label} onClick={() => chooseTheme(next)}>
      {next === 'light' ? <SunIcon /> : <MoonIcon />}
    </Button>
  );
}
