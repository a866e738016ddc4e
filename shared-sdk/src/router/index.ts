// `@console/shared-sdk/router`: the router the shell and every remote use, shared as ONE module so a remote's
// screens run inside the shell's router (its links, params and navigation), and so a page downloads only
// these parts of react-router rather than all of it (a shared module cannot be tree-shaken).
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
export type { NavigateFunction, To } from 'react-router-dom';
