import { Link } from 'react-router-dom';
import './portal-title.css';

/** The portal's mark and name, linking home; only the mark while the sidebar is collapsed. */
export function PortalTitle({ name, collapsed }: { name: string; collapsed: boolean }) {
  return (
    <Link to="/home" className="kc-portal-link">
      <span className="kc-portal-mark" aria-hidden="true">
        科
      </span>
      {!collapsed && <h1 className="kc-portal-name">{name}</h1>}
    </Link>
  );
}
