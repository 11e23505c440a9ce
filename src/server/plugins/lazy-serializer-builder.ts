import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type SerializerFactory = ReturnType<typeof SerializerSelector>;
type RouteSerializerCompiler = ReturnType<SerializerFactory>;

/**
 * Fastify's own response serializers (fast-json-stringify), each built when its route first answers
 * instead of when the server starts: building the few hundred routes' serializers up front was about
 * a second of every start (issue 16's cold start). Given to Fastify as
 * schemaController.compilersFactory.buildSerializer, so that every plugin context still passes its
 * own shared schemas. A response schema that cannot be built fails its route's first answer; the
 * route fuzz answers every route, so a test meets it first.
 */
export function lazySerializerBuilder(): SerializerFactory {
  const build = SerializerSelector();
  return (externalSchemas, options) => {
    let compile: RouteSerializerCompiler | undefined;
    return (routeSchema) => {
      let serialize: ((data: unknown) => string) | undefined;
      return (data: unknown) => {
        compile ??= build(externalSchemas, options);
        serialize ??= compile(routeSchema) as (data: unknown) => string;
        return serialize(data);
      };
    };
  };
}
