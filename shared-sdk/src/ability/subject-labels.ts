import type { SubjectName } from './index.js';

/**
 * The console's own subjects in words, plural, as a custom role's form and the subject list name them: the
 * one place these words live (a remote's subjects bring their own `title`).
 */
export const subjectLabels: Record<SubjectName, string> = {
  Auth: 'Signing in',
  Organization: 'Organisation',
  Site: 'Sites',
  Area: 'Areas',
  User: 'People',
  Profile: 'Own profile',
  Staff: 'Staff',
  Department: 'Departments',
  TaskCategory: 'Task categories',
  Template: 'Checklist templates',
  PredefinedTemplate: 'Template library',
  MasterTask: 'Master tasks',
  Task: 'Tasks',
  Comment: 'Task comments',
  Document: 'Documents',
  ComplianceLog: 'Compliance logs',
  NearMiss: 'Near misses',
  TemperatureLog: 'Temperature logs',
  Supplier: 'Suppliers',
  SupplierType: 'Supplier types',
  FoodItem: 'Food items and probes',
  MasterType: 'Fridges and freezers',
  Sensor: 'Sensors',
  ScoreReport: 'Score reports',
  File: 'Uploads',
  Webhook: 'Webhooks',
  Device: 'Kitchen tablets',
  CorrectiveAction: 'Corrective actions',
  StandardAction: 'Standard actions',
  SiteReview: 'Site reviews',
  InspectorLink: 'Inspector links',
  SingleSignOn: 'Single sign-on',
  Provisioning: 'Provisioning',
  ApiKey: 'API keys',
  Role: 'Roles',
};
