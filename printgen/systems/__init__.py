"""Rule systems: one package a family (broadside, sectors), each everything its rules add to the kit."""
