// Resources of the Documentation Workspace Management API: collections, spaces, docs sites and their structure, share links, teams, SSO, OpenAPI specs and translations.
package docsworkspace
