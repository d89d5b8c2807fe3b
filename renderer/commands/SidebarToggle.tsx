import { useStore } from '../store/index.ts';
import { useT } from '../i18n/useT.ts';
import { IconButton } from '../components/IconButton.tsx';
import { useShortcutProps } from './platform.ts';
import { useRunCommand } from './context.ts';
import { sidebarCollapsed } from './registry.ts';

/**
 * Folds the conversation sidebar of the text tabs away or brings it back (Ctrl/Cmd+Shift+S does the
 * same); the choice is a setting, so it holds across restarts. Sits at the start of the conversation's
 * header, where the sidebar's edge was.
 */
export function SidebarToggle() {
  const t = useT();
  const collapsed = useStore(sidebarCollapsed);
  const run = useRunCommand();
  const label = t(collapsed ? 'commands.sidebar.show' : 'commands.sidebar.hide');
  const keys = useShortcutProps('toggleSidebar', label);
  return (
    <IconButton
      icon="panel-left"
      label={label}
      {...keys}
      aria-expanded={!collapsed}
      onClick={() => run('toggleSidebar')}
      className="sidebar-toggle"
      data-testid="sidebar-toggle"
    />
  );
}
