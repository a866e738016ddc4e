// `@console/shared-sdk/icons`: the icons a remote may use. Remotes may not import @mui/icons-material (lint):
// each icon file there is its own module, so a curated set in one place keeps every container on the same
// few icons, and lets a menu entry published as JSON name its icon (`"icon": "fridge"`).
import type { SvgIcon } from '@console/shared-sdk/mui';
import AcUnitOutlined from '@mui/icons-material/AcUnitOutlined';
import AddIcon from '@mui/icons-material/Add';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import CheckOutlined from '@mui/icons-material/CheckOutlined';
import ChecklistOutlined from '@mui/icons-material/ChecklistOutlined';
import ChevronLeftOutlined from '@mui/icons-material/ChevronLeftOutlined';
import ChevronRightOutlined from '@mui/icons-material/ChevronRightOutlined';
import CommentOutlined from '@mui/icons-material/CommentOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import DeviceThermostatOutlined from '@mui/icons-material/DeviceThermostatOutlined';
import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import KitchenOutlined from '@mui/icons-material/KitchenOutlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import RestaurantOutlined from '@mui/icons-material/RestaurantOutlined';
import SensorsOutlined from '@mui/icons-material/SensorsOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import TabletAndroidOutlined from '@mui/icons-material/TabletAndroidOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import TodayOutlined from '@mui/icons-material/TodayOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';

/** An icon component as MUI makes them (`fontSize`, `color`, `titleAccess`, `sx`). */
export type ConsoleIcon = typeof SvgIcon;

/**
 * Every icon by name: menu entries published as data name one of these, and declarations (row actions,
 * sections) may too. Names say what the icon stands for in the console, not what it pictures.
 */
export const consoleIcons = {
  // equipment
  suppliers: LocalShippingOutlined,
  supplierTypes: CategoryOutlined,
  foodItems: RestaurantOutlined,
  probes: SensorsOutlined,
  fridge: KitchenOutlined,
  freezer: AcUnitOutlined,
  // people
  staff: PeopleOutlined,
  person: PersonOutlined,
  departments: GroupsOutlined,
  kitchenDevices: TabletAndroidOutlined,
  // tasks
  dashboard: DashboardOutlined,
  tasks: AssignmentOutlined,
  templates: ListAltOutlined,
  categories: CategoryOutlined,
  checklist: ChecklistOutlined,
  complete: TaskAltOutlined,
  completeAll: DoneAllOutlined,
  // logs
  temperature: DeviceThermostatOutlined,
  compliance: VerifiedUserOutlined,
  nearMiss: ReportProblemOutlined,
  documents: DescriptionOutlined,
  // reports
  reports: AssessmentOutlined,
  // organisation
  sites: StorefrontOutlined,
  organizations: ApartmentOutlined,
  // actions and sub-resources
  add: AddIcon,
  view: VisibilityOutlined,
  edit: EditOutlined,
  delete: DeleteOutlined,
  approve: CheckOutlined,
  warning: WarningAmberOutlined,
  comments: CommentOutlined,
  images: ImageOutlined,
  history: HistoryOutlined,
  today: TodayOutlined,
  previous: ChevronLeftOutlined,
  next: ChevronRightOutlined,
} as const satisfies Record<string, ConsoleIcon>;

export type IconName = keyof typeof consoleIcons;

/** True for a name of the set: menu data comes from JSON, so its `icon` is only a string until checked. */
export const isIconName = (name: string): name is IconName => Object.hasOwn(consoleIcons, name);

/** The icon for a name, or for a component given as it is. */
export const iconFor = (icon: IconName | ConsoleIcon): ConsoleIcon =>
  typeof icon === 'string' ? consoleIcons[icon] : icon;
