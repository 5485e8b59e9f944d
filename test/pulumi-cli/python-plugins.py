# The plugins a Python program needs, for the Python mode of language-host.mjs
# (GetRequiredPlugins, GetRequiredPackages): as Pulumi's own Python host finds them, from the
# `pulumi-plugin.json` that a provider's SDK package carries in its top-level folder
# (`pulumi_docs_platform/pulumi-plugin.json`: resource, name, version, server). Run with the
# program's Python (its virtual environment); prints a JSON list of {name, version, server}.
import importlib.metadata
import json
import sys


def plugins_of(distribution):
    for file in distribution.files or []:
        # Only a package's own file, `<package>/pulumi-plugin.json`, as Pulumi's host reads it.
        if len(file.parts) != 2 or file.parts[1] != "pulumi-plugin.json":
            continue
        try:
            plugin = json.loads(file.read_text())
        except (OSError, ValueError):
            continue
        if not plugin.get("resource", False):
            continue
        # Without a name, Pulumi's host takes the package's, less its `pulumi_` prefix.
        name = plugin.get("name") or file.parts[0].removeprefix("pulumi_").replace("_", "-")
        yield {"name": name, "version": plugin.get("version") or distribution.version, "server": plugin.get("server") or ""}


def main() -> int:
    found = {}
    for distribution in importlib.metadata.distributions():
        for plugin in plugins_of(distribution):
            found[(plugin["name"], plugin["version"])] = plugin
    json.dump(sorted(found.values(), key=lambda plugin: (plugin["name"], plugin["version"])), sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
