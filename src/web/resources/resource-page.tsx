/**
 * The list page and add/edit form of a resource, generated from its declaration: columns, search
 * bar, super query, export/import, realtime key and form fields all come from the declared fields,
 * and the form checks input with the same zod schema the server uses.
 */
import type { Resource } from '../../shared/resources/define.ts';
import { ListPage } from '../components/data-grid/list/list-page.tsx';
import { EntityFormHost } from '../components/entity-form.tsx';
import { call } from '../lib/api-client.ts';
import { formFields, listConfig } from './resource-config.ts';

/** A resource's screen: its list page with the add/edit form its commands open (when it has them). */
export function ResourcePage({ resource }: { resource: Resource }) {
  const { decl, endpoints: ep } = resource;
  if (!ep.add && !ep.edit) return <ListPage config={listConfig(resource)} />;
  return (
    <ListPage config={listConfig(resource)}>
      <EntityFormHost
        widget={`${decl.name}.form`}
        title={decl.title}
        fields={formFields(resource)}
        schema={resource.editSchema}
        addSchema={resource.addSchema}
        load={(id) =>
          call<Record<string, unknown>>(ep.queryById.method, ep.queryById.path, { query: { id } })
        }
        commands={{ add: `${decl.name}.add`, edit: `${decl.name}.edit` }}
      />
    </ListPage>
  );
}
