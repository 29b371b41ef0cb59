curl --json '{ "drink":' --json ' "coffe" }' http://localhost:28139
